import type { RunEvent } from "../../app/run-events.js";

/** Longest argument summary shown on a tool line, in characters. */
const ARGUMENT_SUMMARY_CHARACTERS = 80;

function summarizeArguments(value: unknown): string {
  const text = JSON.stringify(value ?? {}) ?? "";
  return text.length > ARGUMENT_SUMMARY_CHARACTERS ? `${text.slice(0, ARGUMENT_SUMMARY_CHARACTERS)}…` : text;
}

/**
 * Human rendering of run events: assistant text as it streams, one compact line per tool call and per
 * progress message, warnings on stderr. Keeps track of whether the cursor is mid-line.
 */
export function createRunRenderer(out: {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  color: boolean;
}) {
  let midLine = false;
  const dim = (text: string) => (out.color ? `\u001b[2m${text}\u001b[0m` : text);
  const line = (text: string) => {
    out.stdout.write(`${midLine ? "\n" : ""}${text}\n`);
    midLine = false;
  };
  return (event: RunEvent): void => {
    switch (event.type) {
      case "text_delta":
        out.stdout.write(event.text);
        midLine = !event.text.endsWith("\n");
        break;
      case "tool_started":
        line(dim(`▸ ${event.name} ${summarizeArguments(event.arguments)}`));
        break;
      case "tool_progress":
        line(dim(`  … ${event.name}: ${event.message}`));
        break;
      case "progress":
        line(
          dim(
            `  ${event.state === "done" ? "✓" : event.state === "failed" ? "✗" : "…"} ${event.key}: ${event.message}`,
          ),
        );
        break;
      case "tool_finished":
        line(
          dim(
            `  ${event.isError ? "✗ error" : "✓ ok"} ${event.name} (${event.durationMs} ms)${event.isError ? `: ${event.preview}` : ""}`,
          ),
        );
        break;
      case "mcp_server_status":
        out.stderr.write(`${midLine ? "\n" : ""}${event.message}\n`);
        midLine = false;
        break;
      case "warning":
        out.stderr.write(`${midLine ? "\n" : ""}warning: ${event.message}\n`);
        midLine = false;
        break;
      case "run_finished":
        if (midLine) out.stdout.write("\n");
        midLine = false;
        if (event.status === "failed")
          out.stderr.write(`run failed (${event.error?.kind ?? "error"}): ${event.error?.message ?? ""}\n`);
        if (event.status === "cancelled") out.stderr.write("run cancelled\n");
        break;
      default:
        break;
    }
  };
}
