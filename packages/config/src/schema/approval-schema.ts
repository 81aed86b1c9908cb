import * as z from "zod";
import { MAX_TIMEOUT_MS, timeoutMsSchema } from "./timeout-ms-schema.js";

/** How long a tool call waits for an approval, in ms: 5 minutes, then it is denied. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 300_000;

/** Approval scopes a person may choose, widest last. */
export const APPROVAL_SCOPES = ["once", "run", "conversation", "always"] as const;

const globListSchema = z.array(z.string().min(1));

/**
 * `tools.approval`: which tool calls wait for a person's approval. Not the allow/deny gate: a tool it
 * names must still be offered, and external MCP tools (which allow/deny never filter) are covered too.
 */
export const approvalSchema = z
  .strictObject({
    mode: z
      .enum(["off", "rules", "annotations"])
      .default("off")
      .describe(
        'off = no approvals; rules = calls matching `require` ask; annotations = rules, then external MCP tools by their annotations (readOnlyHint runs, destructiveHint asks; the spec default of an unannotated tool is destructive). Default "off".',
      ),
    require: globListSchema
      .default([])
      .describe(
        'Tool names or globs (`*`, `?`) whose calls ask first: "Bash", "mcp__github__*". Default [].',
      ),
    exempt: globListSchema
      .default([])
      .describe("Tool names or globs that never ask; wins over `require` and annotations. Default []."),
    scopes: z
      .array(z.enum(APPROVAL_SCOPES))
      .min(1)
      .default([...APPROVAL_SCOPES])
      .describe('Scopes a person may grant: "once", "run", "conversation", "always". Default all four.'),
    timeoutMs: timeoutMsSchema
      .default(DEFAULT_APPROVAL_TIMEOUT_MS)
      .describe(
        `How long a call waits for an answer, in ms (1..${MAX_TIMEOUT_MS}); no answer in time = denied. Default ${DEFAULT_APPROVAL_TIMEOUT_MS}.`,
      ),
  })
  .describe(
    "Tool approvals: calls that wait for a person's yes, with once / run / conversation / always scopes.",
  );

/** `tools.approval` after defaults. */
export type ApprovalConfig = z.output<typeof approvalSchema>;
