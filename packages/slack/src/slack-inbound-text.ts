/**
 * The user's message as the model reads it: the app's own mention removed, Slack's `&lt;` `&gt;` `&amp;`
 * escapes undone, surrounding white space trimmed. Other mentions and links stay as Slack wrote them.
 */
export function slackInboundText(text: string | undefined, botUserId: string): string {
  return (text ?? "")
    .replaceAll(`<@${botUserId}>`, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .trim();
}
