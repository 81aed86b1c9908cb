import type { PriorDiscovery } from "@modelcontextprotocol/client";

/**
 * The protocol revision a server is spoken to in, as mcp.json's `protocolVersion` names it:
 * - `auto` (default): probe with `server/discover` (2026-07-28), fall back to `initialize` (2025-11-25).
 * - `2025-11-25`: the `initialize` handshake only, no probe.
 * - `2026-07-28`: that revision or nothing (connect fails against a 2025-only server).
 */
export type McpProtocolChoice = "auto" | "2025-11-25" | "2026-07-28";

/** The era a connected server speaks: `legacy` = 2025-11-25 and before (`initialize`), `modern` = 2026-07-28. */
export type McpProtocolEra = "legacy" | "modern";

/**
 * How long a remembered `legacy` verdict is used instead of probing again, in ms. A stale legacy verdict
 * succeeds silently against an upgraded server (the SDK's warning), so it expires: one hour means a server
 * that moves to 2026-07-28 is spoken to in it from the next hour on, at the cost of one probe per hour.
 */
export const LEGACY_ERA_VERDICT_TTL_MS = 60 * 60 * 1_000;

/**
 * Most servers whose era one memory keeps (oldest forgotten first). A host declares tens of servers;
 * 512 leaves room for the per-run specs of many conversations while keeping the memory bounded.
 */
export const MAX_REMEMBERED_ERAS = 512;

/**
 * Where the negotiated era of each server is kept between connects, so an `auto` server is probed once
 * (then connected with `ConnectOptions.prior`): a `modern` verdict keeps its `server/discover` result and
 * fails loudly if it goes stale; a `legacy` verdict expires after {@link LEGACY_ERA_VERDICT_TTL_MS}.
 */
export interface McpEraMemory {
  recall(serverKey: string): PriorDiscovery | undefined;
  remember(serverKey: string, verdict: PriorDiscovery): void;
  /** Forgets a verdict that failed (the server changed); the next connect probes again. */
  forget(serverKey: string): void;
}

/** A bounded in-memory {@link McpEraMemory} (one per host process by default). */
export function createMemoryMcpEraMemory(
  options: { legacyTtlMs?: number; now?: () => number } = {},
): McpEraMemory {
  const legacyTtlMs = options.legacyTtlMs ?? LEGACY_ERA_VERDICT_TTL_MS;
  const now = options.now ?? Date.now;
  const verdicts = new Map<string, { verdict: PriorDiscovery; at: number }>();
  return {
    recall(serverKey) {
      const held = verdicts.get(serverKey);
      if (!held) return undefined;
      if (held.verdict.kind === "legacy" && now() - held.at >= legacyTtlMs) {
        verdicts.delete(serverKey);
        return undefined;
      }
      return held.verdict;
    },
    remember(serverKey, verdict) {
      verdicts.delete(serverKey);
      verdicts.set(serverKey, { verdict, at: now() });
      while (verdicts.size > MAX_REMEMBERED_ERAS) {
        const oldest = verdicts.keys().next().value;
        if (oldest === undefined) break;
        verdicts.delete(oldest);
      }
    },
    forget(serverKey) {
      verdicts.delete(serverKey);
    },
  };
}

/** The memory connects use when the host passes none: one per process, bounded. */
export const processEraMemory: McpEraMemory = createMemoryMcpEraMemory();
