/// <reference lib="dom" />
import { Marked } from "./vendor/marked.js";
import DOMPurify from "./vendor/purify.js";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/**
 * GitHub-flavoured Markdown (lists, quotes, code, tables); raw HTML in the text is shown as text, never
 * parsed: answers quote tool output and web pages, and none of it is the console's markup.
 */
const markdown = new Marked({ gfm: true, async: false });
markdown.use({ renderer: { html: (token) => escapeHtml(token.text) } });

/** Elements the console never shows from an answer: remote content, forms and anything interactive. */
const FORBIDDEN_TAGS = [
  "img",
  "style",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "iframe",
  "svg",
  "math",
];

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer nofollow");
  }
});

/**
 * Renders `text` as Markdown into `target`: marked turns it into HTML, DOMPurify keeps only plain
 * formatting (no script, event handler, style, form or image; links open in a new tab without a referrer).
 */
export function renderMarkdown(target: HTMLElement, text: string): void {
  const html = markdown.parse(text) as string;
  const fragment = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ["style", "class", "id"],
    RETURN_DOM_FRAGMENT: true,
  });
  target.replaceChildren(fragment);
}
