import { describe, expect, test } from "vitest";
import { markdownToTelegramHtml } from "../src/markdown-to-telegram-html.js";

describe("Markdown to Telegram HTML", () => {
  test("formats emphasis, code, links, lists, quotes, headings and tables with Telegram's tags only", () => {
    const html = markdownToTelegramHtml(
      "# Title\n\nSome **bold**, _it_, ~~gone~~ and `x`.\n\n- one\n- two **b**\n\n1. a\n2. b\n\n```ts\nconst a = 1;\n```\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.org/?a=1&b=2)",
    );
    expect(html).toBe(
      [
        "<b>Title</b>",
        "",
        "Some <b>bold</b>, <i>it</i>, <s>gone</s> and <code>x</code>.",
        "",
        "• one\n• two <b>b</b>",
        "",
        "1. a\n2. b",
        "",
        '<pre><code class="language-ts">const a = 1;</code></pre>',
        "",
        "<blockquote>quoted</blockquote>",
        "",
        "<pre>a | b\n1 | 2</pre>",
        "",
        '<a href="https://example.org/?a=1&amp;b=2">site</a>',
      ].join("\n"),
    );
  });

  test("model text cannot open a tag or forge a link: <, > and & are escaped everywhere, odd schemes lose the link", () => {
    const html = markdownToTelegramHtml(
      'Try <b onclick="x">this</b> & <a href="tg://evil">that</a>, `a<b>&c`, 5 > 3, [click](javascript:alert(1))\n\n```\n<i>raw</i>\n```',
    );
    expect(html).not.toMatch(/<(?!\/?(b|i|s|code|pre|a href="https?:|blockquote)[ >])/);
    expect(html).toContain("&lt;b onclick=&quot;x&quot;&gt;this&lt;/b&gt; &amp;");
    expect(html).toContain("<code>a&lt;b&gt;&amp;c</code>");
    expect(html).toContain("5 &gt; 3");
    expect(html).toContain("click");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("<pre><code>&lt;i&gt;raw&lt;/i&gt;</code></pre>");
  });
});
