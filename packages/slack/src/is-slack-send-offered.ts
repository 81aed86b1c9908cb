import { evaluateTool, type ToolPolicy } from "@mono-agent/policy";

/**
 * Whether SlackSendMessage is offered under `policy` with a running Slack channel. The tool's name is
 * spelled here rather than imported so `@mono-agent/slack/check` loads without the MCP server code.
 */
export function isSlackSendOffered(policy: ToolPolicy): boolean {
  return evaluateTool(policy, "SlackSendMessage", { adapters: { slack: true } }).decision === "offered";
}
