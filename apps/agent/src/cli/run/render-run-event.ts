import { stripTerminalControls } from "@mono-agent/evidence";
import type { RunEvent } from "../../app/run/run-events.js";

/** Longest argument summary shown on a tool line, in characters. */
const ARGUMENT_SUMMARY_CHARACTERS = 80;

function summarizeArguments(value: unknown): string {
  const text = stripTerminalControls(JSON.stringify(value ?? {}) ?? "");
  return text.length > ARGUMENT_SUMMARY_CHARACTERS ? `${text.slice(0, ARGUMENT_SUMMARY_CHARACTERS)}…` : text;
}

/**
 * Human rendering of run events: assistant text as it streams, one compact line per tool call and per
 * progress message, warnings on stderr. Keeps track of whether the cursor is mid-line. Every piece of
 * text from the model, a tool or a server is stripped of terminal controls (escape sequences, C1 and
 * bidi controls, a bare CR) first: it is untrusted, and a terminal would act on them.
 */
export function createRunRenderer(out: {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  color: boolean;
}) {
  let midLine = false;
  const dim = (text: string) => (out.color ? `\u001b[2m${text}\u001b[0m` : text);
  const safe = stripTerminalControls;
  const line = (text: string) => {
    out.stdout.write(`${midLine ? "\n" : ""}${text}\n`);
    midLine = false;
  };
  return (event: RunEvent): void => {
    switch (event.type) {
      case "text_delta": {
        const text = safe(event.text);
        if (text === "") break;
        out.stdout.write(text);
        midLine = !text.endsWith("\n");
        break;
      }
      case "tool_started":
        line(dim(`▸ ${safe(event.name)} ${summarizeArguments(event.arguments)}`));
        break;
      case "tool_progress":
        line(dim(`  … ${safe(event.name)}: ${safe(event.message)}`));
        break;
      case "progress":
        line(
          dim(
            `  ${event.state === "done" ? "✓" : event.state === "failed" ? "✗" : "…"} ${safe(event.key)}: ${safe(event.message)}`,
          ),
        );
        break;
      case "tool_finished":
        line(
          dim(
            `  ${event.isError ? "✗ error" : "✓ ok"} ${safe(event.name)} (${event.durationMs} ms)${event.isError ? `: ${safe(event.preview)}` : ""}`,
          ),
        );
        break;
      case "mcp_server_status":
        out.stderr.write(`${midLine ? "\n" : ""}${event.message}\n`);
        midLine = false;
        break;
      case "warning":
        out.stderr.write(`${midLine ? "\n" : ""}warning: ${safe(event.message)}\n`);
        midLine = false;
        break;
      case "run_finished":
        if (midLine) out.stdout.write("\n");
        midLine = false;
        if (event.status === "failed")
          out.stderr.write(
            `run failed (${safe(event.error?.kind ?? "error")}): ${safe(event.error?.message ?? "")}\n`,
          );
        if (event.status === "cancelled") out.stderr.write("run cancelled\n");
        break;
      default:
        break;
    }
  };
}
