import type { ContinuationSynthesizer, SynthesisUsage } from "./continuation-ports.js";
import { buildSynthesisPrompt } from "./synthesis-prompt.js";

/** One model turn of a synthesis, as the host runs it: no tools, no history. */
export interface SynthesisTurnRequest {
  /** The synthesis instructions, to follow the host's own system prompt. */
  instructions: string;
  /** The origin-context transcript and the result framed as untrusted. */
  prompt: string;
  signal: AbortSignal;
}

/** How a synthesis turn ended: its text and usage, or why there is none. */
export type SynthesisTurnResult =
  | { status: "succeeded"; text: string; usage: SynthesisUsage }
  | { status: "failed" | "cancelled"; errorMessage?: string };

/** Runs one synthesis turn over the host's model (mono-agent: a Pi session over `runtime.model`). */
export type SynthesisModelTurn = (request: SynthesisTurnRequest) => Promise<SynthesisTurnResult>;

/**
 * The synthesis of continuation results over a host's model turn: the prompt is built by
 * {@link buildSynthesisPrompt}; the model only writes text, and the host alone decides where it goes.
 * A turn that did not succeed throws `the synthesis turn <status>: <error>`; the turn's usage is
 * returned with the text.
 */
export function createModelTurnSynthesizer(runTurn: SynthesisModelTurn): ContinuationSynthesizer {
  return {
    async synthesize(request) {
      const { instructions, prompt } = buildSynthesisPrompt({
        mode: request.mode,
        serverName: request.serverName,
        originContext: request.originContext,
        payload: request.payload,
      });
      const turn = await runTurn({ instructions, prompt, signal: request.signal });
      if (turn.status !== "succeeded")
        throw new Error(`the synthesis turn ${turn.status}: ${turn.errorMessage ?? "no answer"}`);
      return { text: turn.text, usage: turn.usage };
    },
  };
}
