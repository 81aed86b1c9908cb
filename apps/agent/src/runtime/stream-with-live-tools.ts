import type { AgentTool, StreamFn } from "@mariozechner/pi-agent-core";

/** The tools of one model call: called before each call, the first with `callIndex` 0. */
export type LiveToolSource = (callIndex: number) => Promise<readonly AgentTool[]>;

/**
 * Wraps pi's model stream so every model call offers the tools of its turn. pi-agent-core 0.73 copies
 * `state.tools` once per prompt and hands that array to each model call as `context.tools` and looks
 * tools up in the same array when the model calls one; so the array is rewritten in place here, before
 * each call, and a tool added since the last turn (a server that connected late, a
 * `tools/list_changed`) is both offered and callable, while one that went away is neither. The first
 * call is also where the run waits (boundedly) for servers still connecting.
 */
export function streamWithLiveTools(stream: StreamFn, source: LiveToolSource): StreamFn {
  let callIndex = 0;
  return async (model, context, options) => {
    const tools = await source(callIndex++);
    if (context.tools) context.tools.splice(0, context.tools.length, ...tools);
    return stream(model, context, options);
  };
}
