import { Marked, type Tokens } from "marked";

/** Escapes text for Telegram's HTML parse mode: `&`, `<`, `>` (and `"` inside attributes). */
export function escapeTelegramHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Link schemes kept as links; any other target (`javascript:`, `file:`) is shown as plain text. */
const LINK_SCHEMES = /^(https?|tg|mailto):/i;

const telegramMarked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    space: () => "",
    code: ({ text, lang }) => {
      const language = lang && /^[A-Za-z0-9_+-]{1,32}$/.test(lang) ? ` class="language-${lang}"` : "";
      return `<pre><code${language}>${escapeTelegramHtml(text)}</code></pre>\n\n`;
    },
    blockquote({ tokens }) {
      return `<blockquote>${this.parser.parse(tokens).trim()}</blockquote>\n\n`;
    },
    html: ({ text }) => escapeTelegramHtml(text),
    def: () => "",
    heading({ tokens }) {
      return `<b>${this.parser.parseInline(tokens)}</b>\n\n`;
    },
    hr: () => "——————\n\n",
    list(token: Tokens.List) {
      const start = typeof token.start === "number" ? token.start : 1;
      const lines = token.items.map((item, index) => {
        const marker = token.ordered ? `${start + index}.` : "•";
        const body = this.parser.parse(item.tokens).trim().replaceAll("\n\n", "\n");
        const box = item.task ? (item.checked ? "☑ " : "☐ ") : "";
        return `${marker} ${box}${body.replaceAll("\n", "\n  ")}`;
      });
      return `${lines.join("\n")}\n\n`;
    },
    checkbox: () => "",
    paragraph({ tokens }) {
      return `${this.parser.parseInline(tokens)}\n\n`;
    },
    table(token: Tokens.Table) {
      const row = (cells: Tokens.TableCell[]) => cells.map((cell) => cell.text).join(" | ");
      const lines = [row(token.header), ...token.rows.map(row)];
      return `<pre>${escapeTelegramHtml(lines.join("\n"))}</pre>\n\n`;
    },
    strong({ tokens }) {
      return `<b>${this.parser.parseInline(tokens)}</b>`;
    },
    em({ tokens }) {
      return `<i>${this.parser.parseInline(tokens)}</i>`;
    },
    codespan: ({ text }) => `<code>${escapeTelegramHtml(text)}</code>`,
    br: () => "\n",
    del({ tokens }) {
      return `<s>${this.parser.parseInline(tokens)}</s>`;
    },
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      return LINK_SCHEMES.test(href) ? `<a href="${escapeTelegramHtml(href)}">${label}</a>` : label;
    },
    image: ({ href, text }) =>
      LINK_SCHEMES.test(href)
        ? `<a href="${escapeTelegramHtml(href)}">${escapeTelegramHtml(text || href)}</a>`
        : escapeTelegramHtml(text),
    text(token: Tokens.Text | Tokens.Escape) {
      return "tokens" in token && token.tokens
        ? this.parser.parseInline(token.tokens)
        : escapeTelegramHtml(token.text);
    },
  },
});

/**
 * Telegram's HTML parse mode of a Markdown text, through marked: bold, italics, strike, code, code
 * blocks (with a language), links (http, https, tg, mailto only), block quotes, headings as bold, lists
 * as bullet lines, tables as preformatted text. Every other character is escaped, so model text cannot
 * open a tag Telegram would refuse ("can't parse entities") or forge a link. HTML rather than MarkdownV2:
 * three characters to escape instead of eighteen, and a wrong one fails loudly instead of silently.
 */
export function markdownToTelegramHtml(markdown: string): string {
  if (markdown.trim() === "") return markdown;
  return (telegramMarked.parse(markdown, { async: false }) as string).replace(/\n{3,}/g, "\n\n").trim();
}
