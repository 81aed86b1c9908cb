import type { LoadedConfig } from "@mono-agent/config";
import { buildSynthesisPrompt, type ContinuationSynthesizer } from "@mono-agent/continuations";
import type { ResolvedModel } from "../../runtime/models.js";
import { readSystemPrompt } from "../run/system-prompt.js";

/**
 * The synthesis of continuation results: one Pi session with no tools and no history over the
 * origin-context transcript and the result framed as untrusted, with the agent's instructions and
 * `runtime.model` (custom models first, as runs resolve them). The model only writes text: the host
 * alone decides where it goes. The turn's usage (tokens, cost) is returned with the text.
 */
export function createContinuationSynthesizer(options: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  customModels: Readonly<Record<string, ResolvedModel>>;
}): ContinuationSynthesizer {
  const { loaded, env } = options;
  return {
    async synthesize(request) {
      const [{ resolveModel }, { runPiSession }] = await Promise.all([
        import("../../runtime/models.js"),
        import("../../runtime/pi-session.js"),
      ]);
      const modelRef = loaded.config.runtime.model;
      const resolved =
        options.customModels[modelRef] ??
        resolveModel({ modelRef, providers: loaded.config.models?.providers ?? {}, env });
      const { instructions, prompt } = buildSynthesisPrompt({
        mode: request.mode,
        serverName: request.serverName,
        originContext: request.originContext,
        payload: request.payload,
      });
      const session = await runPiSession({
        model: resolved.model,
        getApiKey: resolved.getApiKey,
        systemPrompt: `${await readSystemPrompt(loaded.instructionsPath)}\n\n${instructions}`,
        history: [],
        tools: [],
        prompt,
        signal: request.signal,
      });
      if (session.status !== "succeeded")
        throw new Error(`the synthesis turn ${session.status}: ${session.error?.message ?? "no answer"}`);
      return {
        text: session.finalText,
        // Counted in the delivery's run record like an ordinary run's usage.
        usage: {
          inputTokens: session.usage.input,
          outputTokens: session.usage.output,
          totalTokens: session.usage.totalTokens,
          costUsd: session.usage.costUsd,
        },
      };
    },
  };
}
