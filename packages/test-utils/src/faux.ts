import type { StreamFn } from "@earendil-works/pi-agent-core";
import {
  createModels,
  getCurrentSystemPrompt,
  getCurrentTools,
  type Models,
  type Tool,
  type TranscriptContext,
} from "@earendil-works/pi-ai";
import {
  type FauxProviderHandle,
  fauxProvider,
  type RegisterFauxProviderOptions,
} from "@earendil-works/pi-ai/providers/faux";

/** Pi's faux provider on a `Models` collection of its own, with the stream function an `Agent` takes. */
export interface FauxModel extends FauxProviderHandle {
  /** The collection holding only this faux provider. */
  collection: Models;
  /** `models.streamSimple`, for `new Agent({ streamFn })` and mono-agent's `ResolvedModel.streamFn`. */
  streamFn: StreamFn;
}

/**
 * A faux provider (`fauxProvider()` of pi-ai 1.x) registered on its own `createModels()` collection, so
 * tests never share one: script it with `setResponses`, run it with `streamFn`.
 */
export function createFauxModel(options?: RegisterFauxProviderOptions): FauxModel {
  const faux = fauxProvider(options);
  const models = createModels();
  models.setProvider(faux.provider);
  return Object.assign(faux, { collection: models, streamFn: models.streamSimple.bind(models) as StreamFn });
}

/** The tools a model call was offered: pi 1.x declares them in the transcript's system messages. */
export function offeredTools(context: TranscriptContext): Tool[] {
  return getCurrentTools(context.messages);
}

/** The system prompt a model call was given: pi 1.x carries it in the transcript's system messages. */
export function offeredSystemPrompt(context: TranscriptContext): string {
  return getCurrentSystemPrompt(context.messages);
}
