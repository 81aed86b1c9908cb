import type { AgentTool, PrepareRequest } from "@earendil-works/pi-agent-core";
import {
  getCurrentTools,
  getToolStateChanges,
  type SystemMessage,
  toToolDeclaration,
} from "@earendil-works/pi-ai";

/** The tools of one model call: called before each call, the first with `callIndex` 0. */
export type LiveToolSource = (callIndex: number) => Promise<readonly AgentTool[]>;

/**
 * A `prepareRequest` hook that gives every model call the tools of its turn. pi-agent-core 1.x copies
 * `state.tools` once per prompt into the run's context (the tools it can execute) and declares them to
 * the model in the transcript's system messages. Before each call this hook reads the current tools
 * (a server that connected late, a `tools/list_changed`), makes them the executable set and, when they
 * differ from what the transcript declares, appends a system message with `toolsAdded`/`toolsRemoved`
 * (what pi itself does when `state.tools` changes between prompts): a new tool is both offered and
 * callable, one that went away is neither. The first call is also where the run waits (boundedly) for
 * servers still connecting.
 */
export function prepareLiveTools(source: LiveToolSource): PrepareRequest {
  let callIndex = 0;
  return async ({ context }) => {
    const tools = [...(await source(callIndex++))];
    const changes = getToolStateChanges(getCurrentTools(context.messages), tools.map(toToolDeclaration));
    const messages = [...context.messages];
    if (changes.toolsAdded.length > 0 || changes.toolsRemoved.length > 0) {
      const declaration: SystemMessage = {
        role: "system",
        content: "",
        ...(changes.toolsAdded.length > 0 ? { toolsAdded: changes.toolsAdded } : {}),
        ...(changes.toolsRemoved.length > 0 ? { toolsRemoved: changes.toolsRemoved } : {}),
        timestamp: Date.now(),
      };
      messages.push(declaration);
    }
    return { context: { ...context, tools, messages } };
  };
}
