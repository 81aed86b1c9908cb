import { createRequire } from "node:module";
import type { Readability as ReadabilityClass } from "@mozilla/readability";
import type { parseHTML as ParseHtml } from "linkedom";
import type TurndownClass from "turndown";

interface HtmlLibraries {
  Readability: typeof ReadabilityClass;
  parseHTML: typeof ParseHtml;
  TurndownService: typeof TurndownClass;
}

let libraries: HtmlLibraries | undefined;

/**
 * Readability, linkedom and Turndown (about 190 modules) are loaded on the first conversion, not with the
 * tools: a run that never fetches a page never pays for them. Their CommonJS builds are required, so
 * {@link htmlToMarkdown} stays synchronous.
 */
function loadHtmlLibraries(): HtmlLibraries {
  if (libraries) return libraries;
  const require = createRequire(import.meta.url);
  libraries = {
    Readability: (require("@mozilla/readability") as { Readability: typeof ReadabilityClass }).Readability,
    parseHTML: (require("linkedom") as { parseHTML: typeof ParseHtml }).parseHTML,
    TurndownService: require("turndown") as typeof TurndownClass,
  };
  return libraries;
}

/** A page turned into Markdown. */
export interface PageMarkdown {
  title?: string;
  markdown: string;
  /** True when Readability found an article; false when the whole body was converted. */
  readable: boolean;
}

/** Elements that never carry readable content, removed before conversion. */
const NON_CONTENT = "script, style, noscript, template, iframe, object, embed, svg, canvas, form";

function createTurndown(TurndownService: typeof TurndownClass): TurndownClass {
  const turndown = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  turndown.remove(["script", "style", "noscript", "template", "iframe"]);
  return turndown;
}

/**
 * HTML to readable Markdown: Mozilla Readability (Firefox Reader View) picks the article and drops
 * navigation, headers, footers and sidebars on a linkedom DOM; Turndown writes the Markdown. A page
 * Readability finds no article in is converted whole (scripts, styles and forms removed).
 */
export function htmlToMarkdown(html: string, baseUrl: string): PageMarkdown {
  const { Readability, parseHTML, TurndownService } = loadHtmlLibraries();
  const { document } = parseHTML(html);
  for (const element of document.querySelectorAll(NON_CONTENT)) element.remove();
  const pageTitle = document.querySelector("title")?.textContent?.trim() || undefined;
  const turndown = createTurndown(TurndownService);
  let article: ReturnType<ReadabilityClass["parse"]> = null;
  try {
    // Readability resolves relative links against the document's URL; linkedom has none, so a <base> gives it.
    if (!document.querySelector("base")) {
      const base = document.createElement("base");
      base.setAttribute("href", baseUrl);
      document.head?.appendChild(base);
    }
    article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
  } catch {
    article = null;
  }
  if (article?.content) {
    const title = article.title?.trim() || pageTitle;
    return {
      ...(title ? { title } : {}),
      markdown: turndown.turndown(article.content).trim(),
      readable: true,
    };
  }
  const body = document.body?.innerHTML ?? html;
  return {
    ...(pageTitle ? { title: pageTitle } : {}),
    markdown: turndown.turndown(body).trim(),
    readable: false,
  };
}
