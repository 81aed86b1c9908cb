import { slackifyMarkdown } from "slackify-markdown";

/**
 * Slack's mrkdwn of a Markdown text (bold, italics, strike, links, lists, headings, code), through
 * slackify-markdown; `&`, `<` and `>` outside code come out escaped, so model text cannot forge a mention
 * or a link. The zero-width spaces it puts around emphasis are kept: Slack needs them mid-word.
 */
export function markdownToMrkdwn(markdown: string): string {
  if (markdown.trim() === "") return markdown;
  return slackifyMarkdown(markdown).replace(/\n+$/, "");
}
