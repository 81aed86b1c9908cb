import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";

/**
 * Whether AskUser is offered (and where it can be answered), how long it waits, whether MCP servers may
 * elicit, and the `tools.approval` rules.
 */
export function checkInteraction(loaded: LoadedConfig): CheckLine[] {
  const lines: CheckLine[] = [];
  const policy = createToolPolicy({
    allowedTools: loaded.config.tools.allowedTools,
    disallowedTools: loaded.config.tools.disallowedTools,
  });
  const askUser = evaluateTool(policy, "AskUser", { adapters: { askUser: true } });
  const timeoutMs = loaded.config.interaction.askUser.timeoutMs;
  const wait = timeoutMs === null ? "no expiry" : `at most ${timeoutMs} ms (interaction.askUser.timeoutMs)`;
  lines.push(
    askUser.decision === "offered"
      ? {
          status: "ok",
          message: `AskUser is offered: answered in the web console (serve) and at a terminal (run with a TTY; without one it fails closed); waits ${wait}.`,
        }
      : {
          status: "disabled",
          message: `AskUser is not offered: ${askUser.decision === "withheld" ? askUser.detail.replace(/\.$/, "") : "the tool policy withholds it"}.`,
        },
  );
  lines.push({
    status: "ok",
    message:
      "MCP elicitation (form and URL) is advertised to servers when the run's channel can answer: web console, terminal.",
  });
  const approval = loaded.config.tools.approval;
  if (approval.mode === "off")
    lines.push({ status: "disabled", message: "Tool approvals are off (tools.approval.mode)." });
  else {
    const parts = [
      approval.require.length > 0 ? `ask for ${approval.require.join(", ")}` : undefined,
      approval.mode === "annotations" ? "ask for external MCP tools not marked readOnlyHint" : undefined,
      approval.exempt.length > 0 ? `never for ${approval.exempt.join(", ")}` : undefined,
    ].filter((part) => part !== undefined);
    lines.push({
      status: parts.length > 0 ? "ok" : "warning",
      message:
        parts.length > 0
          ? `Tool approvals (${approval.mode}): ${parts.join("; ")}; scopes ${approval.scopes.join(", ")}; no answer within ${approval.timeoutMs} ms or no one to ask = denied. \`mono-agent approvals list\` shows the records.`
          : 'Tool approvals are on (mode "rules") but tools.approval.require names no tool: nothing will ask.',
    });
  }
  return lines;
}
