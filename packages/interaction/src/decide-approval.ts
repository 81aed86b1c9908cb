import { createHash } from "node:crypto";
import { matchesToolGlob } from "@mono-agent/policy";
import type { ApprovalScope } from "./ask-types.js";

/** `tools.approval` as the host passes it (structurally the config's `ApprovalConfig`). */
export interface ApprovalRules {
  mode: "off" | "rules" | "annotations";
  require: string[];
  exempt: string[];
  scopes: ApprovalScope[];
  timeoutMs: number;
}

/** What the host knows of a tool when it is called. */
export interface ApprovalSubject {
  /** The name the model called. */
  toolName: string;
  /** Present for external MCP tools: the server's tool annotations (untrusted hints, per the spec). */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
  external: boolean;
}

/** Whether a call must wait for a person, and why. */
export type ApprovalNeed = { ask: false } | { ask: true; reason: string };

/**
 * Decides whether a call needs approval: `exempt` wins, then `require`, then (mode `annotations`,
 * external MCP tools only) `readOnlyHint: true` runs and anything the spec counts as destructive asks
 * (`destructiveHint` defaults to true when a tool is not read-only).
 */
export function decideApproval(rules: ApprovalRules, subject: ApprovalSubject): ApprovalNeed {
  if (rules.mode === "off") return { ask: false };
  const matches = (patterns: string[]) =>
    patterns.find((pattern) => matchesToolGlob(pattern, subject.toolName));
  if (matches(rules.exempt) !== undefined) return { ask: false };
  const required = matches(rules.require);
  if (required !== undefined) return { ask: true, reason: `tools.approval.require matches "${required}"` };
  if (rules.mode !== "annotations" || !subject.external) return { ask: false };
  if (subject.annotations?.readOnlyHint === true) return { ask: false };
  if (subject.annotations?.destructiveHint === false) return { ask: false };
  return {
    ask: true,
    reason:
      subject.annotations?.destructiveHint === true
        ? "the server marks the tool destructive (destructiveHint)"
        : "the server does not mark the tool read-only (MCP treats unmarked tools as destructive)",
  };
}

/** Recursively sorted JSON, so the same arguments always hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** SHA-256 (base64url) of the canonical JSON of a call's arguments. */
export function hashToolArguments(args: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(args ?? {})))
    .digest("base64url");
}
