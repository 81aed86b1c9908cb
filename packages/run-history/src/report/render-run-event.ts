import type { RunEvent } from "../run-event.js";
import { oneLine } from "./run-report-text.js";

/** One event as a line of `runs show --events`: its line number, its type, and a one-line preview. */
export function renderRunEvent(line: number, event: RunEvent): string {
  const prefix = `${String(line).padStart(5)}  ${event.type.padEnd(15)}`;
  switch (event.type) {
    case "assistant":
      return `${prefix}${event.message.content
        .map((block) =>
          block.type === "text"
            ? oneLine(block.text)
            : `→ ${block.name} ${oneLine(JSON.stringify(block.input ?? {}), 80)}`,
        )
        .join(" | ")}`;
    case "user":
      return `${prefix}${event.message.content
        .map(
          (block) =>
            `${block.is_error ? "✗" : "✓"} ${block.tool_use_id} ${oneLine(block.content.map((part) => part.text).join(" "))}`,
        )
        .join(" | ")}`;
    case "runtime_warning":
      return `${prefix}${event.warning_kind}: ${oneLine(event.message)}`;
    case "tool_timing":
      return `${prefix}${event.name} ${event.execution_ms}ms`;
    case "run_failure":
      return `${prefix}${event.failure_kind}: ${oneLine(event.message)}`;
  }
}
