import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { AskAudience, AskBroker, FormSchema } from "../index.js";

/**
 * How a run answers MCP elicitation (structurally `McpElicitationPort` of `@mono-agent/mcp-bridge`, so a
 * host passes it to the bridge as it is).
 */
export interface ElicitationPort {
  /** `form`: the channel can render a requested schema as a form; `url`: it can show a link to open. */
  modes: { form: boolean; url: boolean };
  /** Asks a person; resolves with `accept` (with `content` for a form), `decline` or `cancel`. */
  elicit(
    request: { serverName: string; params: ElicitRequest["params"] },
    signal: AbortSignal,
  ): Promise<ElicitResult>;
}

/** What the port needs of the host: the broker and `interaction.askUser.timeoutMs` (null = no expiry). */
export interface ElicitationHost {
  readonly broker: AskBroker;
  readonly askUserTimeoutMs: number | null;
}

/**
 * The run's answer to MCP elicitation: a form or a link, asked through the conversation's channel like an
 * AskUser question. Undefined when the channel can answer neither mode (then the client advertises no
 * elicitation capability). No answer in time, a cancelled ask or a busy conversation answer `cancel`.
 */
export function elicitationPortFor(
  host: ElicitationHost,
  run: { runId: string; conversationId: string; signal: AbortSignal; audience: AskAudience },
): ElicitationPort | undefined {
  const modes = {
    form: host.broker.canAnswer("form", run.conversationId, run.audience),
    url: host.broker.canAnswer("url", run.conversationId, run.audience),
  };
  if (!modes.form && !modes.url) return undefined;
  return {
    modes,
    async elicit({ serverName, params }, signal): Promise<ElicitResult> {
      const url = params.mode === "url";
      try {
        const ask = await host.broker.ask(
          {
            kind: url ? "url" : "form",
            runId: run.runId,
            conversationId: run.conversationId,
            prompt:
              params.mode === "url"
                ? {
                    kind: "url",
                    serverName,
                    message: params.message,
                    url: params.url,
                    elicitationId: params.elicitationId,
                  }
                : {
                    kind: "form",
                    serverName,
                    message: params.message,
                    requestedSchema: params.requestedSchema as unknown as FormSchema,
                  },
            timeoutMs: host.askUserTimeoutMs,
            audience: run.audience,
          },
          AbortSignal.any([signal, run.signal]),
        );
        const answer = ask.answer;
        if (ask.status !== "answered" || answer === undefined) return { action: "cancel" };
        if (answer.kind === "form")
          return answer.action === "accept"
            ? { action: "accept", content: answer.content ?? {} }
            : { action: answer.action };
        if (answer.kind === "url") return { action: answer.action };
        return { action: "cancel" };
      } catch {
        return { action: "cancel" };
      }
    },
  };
}
