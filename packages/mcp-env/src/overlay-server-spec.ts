/**
 * The part of a run's server spec the overlays read and rewrite. Structurally compatible with
 * `ResolvedMcpServer` from `@mono-agent/config` and the agent's `RunServerSpec`; every other field
 * is copied through unchanged.
 */
export type OverlayServerSpec =
  | { name: string; transport: "stdio"; env: Record<string, string> }
  | { name: string; transport: "http" | "sse" | "auto"; url: string; headers: Record<string, string> };
