import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";

/**
 * The host's answer to MCP elicitation (`elicitation/create`): the bridge advertises the capability only
 * for the modes the run's channel can answer, and routes each request here. Without a port (or with
 * neither mode) the client advertises no elicitation at all, so a spec-following server does not ask;
 * one that asks anyway is answered with an error, never a made-up answer.
 */
export interface McpElicitationPort {
  /** `form`: the channel can render a requested schema as a form; `url`: it can show a link to open. */
  modes: { form: boolean; url: boolean };
  /**
   * Ask a person. Resolves with the spec's result: `accept` (with `content` for a form), `decline` or
   * `cancel`. `signal` aborts when the request is cancelled or the run ends.
   */
  elicit(
    request: { serverName: string; params: ElicitRequest["params"] },
    signal: AbortSignal,
  ): Promise<ElicitResult>;
  /** A URL-mode elicitation finished on the server (`notifications/elicitation/complete`). */
  completed?(request: { serverName: string; elicitationId: string }): void;
}
