import type { LoadedConfig } from "@mono-agent/config";
import type { SynthesisModelTurn } from "@mono-agent/continuations";
import type { ResolvedModel } from "../../runtime/models.js";
import { readSystemPrompt } from "../run/system-prompt.js";

/**
 * The model turn of continuation syntheses: one Pi session with no tools and no history, with the
 * agent's instructions followed by the synthesis instructions, over `runtime.model` (custom models
 * first, as runs resolve them). The turn's usage (tokens, cost) is returned with the text.
 */
export function createSynthesisModelTurn(options: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  customModels: Readonly<Record<string, ResolvedModel>>;
}): SynthesisModelTurn {
  const { loaded, env } = options;
  return async ({ instructions, prompt, signal }) => {
    const [{ resolveModel }, { runPiSession }] = await Promise.all([
      import("../../runtime/models.js"),
      import("../../runtime/pi-session.js"),
    ]);
    const modelRef = loaded.config.runtime.model;
    const resolved =
      options.customModels[modelRef] ??
      resolveModel({ modelRef, providers: loaded.config.models?.providers ?? {}, env });
    const session = await runPiSession({
      model: resolved.model,
      streamFn: resolved.streamFn,
      getApiKey: resolved.getApiKey,
      systemPrompt: `${await readSystemPrompt(loaded.instructionsPath)}\n\n${instructions}`,
      history: [],
      tools: [],
      prompt,
      signal,
    });
    if (session.status !== "succeeded")
      return {
        status: session.status,
        ...(session.error?.message !== undefined ? { errorMessage: session.error.message } : {}),
      };
    return {
      status: "succeeded",
      text: session.finalText,
      // Counted in the delivery's run record like an ordinary run's usage.
      usage: {
        inputTokens: session.usage.input,
        outputTokens: session.usage.output,
        totalTokens: session.usage.totalTokens,
        costUsd: session.usage.costUsd,
      },
    };
  };
}
