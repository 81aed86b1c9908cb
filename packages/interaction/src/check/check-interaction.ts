import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import type { AnswerersRules } from "../ask-audience.js";

/** `interaction.answerers` in words: who answers asks and approvals, and where a run no person started asks. */
export function checkAnswerers(rules: AnswerersRules): CheckLine[] {
  const asks =
    rules.asks === "anyone"
      ? "anyone in the chat who can see the card"
      : rules.asks === "asker"
        ? "the person whose message started the run"
        : rules.asks.map((entry) => (entry === "asker" ? "the asker" : entry)).join(", ");
  const approvers = rules.approvers.length > 0 ? rules.approvers.join(", ") : undefined;
  const approvals = [rules.askerApproves ? "the asker" : undefined, approvers]
    .filter((part) => part !== undefined)
    .join(" or ");
  return [
    {
      status: "ok",
      message: `Asks are answered by ${asks}; approvals are decided by ${approvals || "no one (askerApproves is false and no approvers: every approval is denied)"}. A press by anyone else is refused and told why (interaction.answerers).`,
    },
    approvers === undefined
      ? {
          status: "ok",
          message:
            "Runs no person started (triggers) have no asker: their approvals fail closed (denied) and their asks are not offered, as no interaction.answerers.approvers are configured.",
        }
      : {
          status: "ok",
          message: `Runs no person started (triggers) have no asker: their approvals go to ${approvers} where the run's channel reaches them, and fail closed elsewhere.`,
        },
  ];
}

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
          message: `AskUser is offered: to runs whose channel reaches someone who may answer, in the web console (serve), at a terminal (run with a TTY; without one it is not offered), in Slack and Telegram; waits ${wait}.`,
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
  lines.push(...checkAnswerers(loaded.config.interaction.answerers));
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
