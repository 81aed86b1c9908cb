import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_MISSING, launchChromium } from "@mono-agent/test-utils/chromium";
// The built package, as a host imports it: the browser modules are served from dist/client (compiled by the build).
import { startWebConsole, type WebConsole } from "@mono-agent/web-console/node";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebConsoleApp, WebRunRequest, WebRunResult } from "../src/web-console-app.js";

const TOKEN = "markdown-test-token-0123456789abcdef";
const BROWSER_TEST_TIMEOUT_MS = 90_000;
const SCREENSHOT_DIR = fileURLToPath(new URL("./__screenshots__/", import.meta.url));

/** An answer with the Markdown a model writes, and the HTML a hostile page or tool output could smuggle in. */
const MARKDOWN_ANSWER = [
  "Here is the **plan**:",
  "",
  "- water the *tomatoes*",
  "- cut the `hedge`",
  "",
  "> Quoted from the forecast.",
  "",
  "```sh",
  "echo <b>not bold</b>",
  "```",
  "",
  '<img src="x" onerror="window.__xss = 1"> <script>window.__xss = 2</script>',
  '<a href="#" onclick="window.__xss = 3">raw link</a>',
  "[a javascript link](javascript:window.__xss=4) and [a real one](https://example.com/docs)",
].join("\n");

/** Lines of the long streamed answer in each of its two halves. */
const LONG_HALF_LINES = 120;

/** A console app whose answers are chosen by the message: `markdown`, `long` (streamed in two gated halves). */
function markdownApp() {
  let releaseSecondHalf: () => void = () => {};
  const secondHalf = new Promise<void>((resolve) => {
    releaseSecondHalf = resolve;
  });
  const app: WebConsoleApp = {
    async run(request: WebRunRequest): Promise<WebRunResult> {
      request.onEvent({
        type: "run_started",
        runId: "run-md",
        conversationId: request.conversationId,
        model: "scripted",
        tools: [],
      });
      const stream = async (text: string) => {
        for (const line of text.split(/(?<=\n)/)) {
          request.onEvent({ type: "text_delta", text: line });
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      if (request.input === "markdown") {
        await stream(MARKDOWN_ANSWER);
        return { status: "succeeded", finalText: MARKDOWN_ANSWER };
      }
      const lines = (from: number) =>
        Array.from({ length: LONG_HALF_LINES }, (_, index) => `line ${from + index}\n\n`).join("");
      await stream(lines(1));
      await secondHalf;
      await stream(lines(LONG_HALF_LINES + 1));
      return { status: "succeeded", finalText: "" };
    },
  };
  return { app, releaseSecondHalf: () => releaseSecondHalf() };
}

if (CHROMIUM_MISSING) console.warn(`skipping the Markdown browser test: ${CHROMIUM_MISSING}`);

describe.skipIf(CHROMIUM_MISSING !== undefined)("answers as Markdown in chromium", () => {
  const scripted = markdownApp();
  let console_: WebConsole;
  let browser: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    console_ = await startWebConsole({
      app: scripted.app,
      storeFile: join(mkdtempSync(join(tmpdir(), "web-console-md-")), "threads.sqlite"),
      host: "127.0.0.1",
      port: 0,
      token: TOKEN,
      features: {
        runs: {
          listRecent: async () => [
            {
              runId: "run-md",
              conversationId: "web:t1",
              status: "succeeded",
              model: "scripted",
              tools: [
                { name: "Bash", calls: 3, errors: 2 },
                { name: "Read", calls: 1, errors: 0 },
              ],
              startedAt: new Date().toISOString(),
              durationMs: 1200,
            },
          ],
        },
      },
    });
    browser = await launchChromium({ width: 900, height: 640 });
    page = await browser.newPage();
    await page.goto(`${console_.server.origin}/#token=${TOKEN}`);
    await page.locator("html[data-console-ready]").waitFor({ state: "attached" });
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    scripted.releaseSecondHalf();
    await browser?.close();
    await console_?.close();
  });

  /** Opens a new thread (a different URL from the thread open before) and sends `text` in it. */
  async function send(text: string): Promise<void> {
    const before = page.url();
    await page.keyboard.press("Alt+n");
    await page.waitForURL((url) => /\/t\/[A-Za-z0-9-]+$/.test(url.pathname) && url.href !== before);
    await page.locator("#message").fill(text);
    await page.locator("#message").press("Enter");
  }

  it(
    "renders lists, quotes and code, and runs no script or handler from the answer",
    async () => {
      await send("markdown");
      const answer = page.locator("#turns .message.assistant").last();
      await answer.locator("a", { hasText: "a real one" }).waitFor();
      expect(await answer.locator("strong").first().textContent()).toBe("plan");
      expect(await answer.locator("ul > li").allTextContents()).toEqual([
        "water the tomatoes",
        "cut the hedge",
      ]);
      expect(await answer.locator("blockquote").textContent()).toContain("Quoted from the forecast.");
      expect(await answer.locator("pre > code").textContent()).toBe("echo <b>not bold</b>\n");
      // Raw HTML is text, never markup: no image, script or handler exists, and none ran.
      expect(await answer.locator("img, script, [onerror], [onclick]").count()).toBe(0);
      expect(await answer.textContent()).toContain('<img src="x" onerror="window.__xss = 1">');
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      const hrefs = await answer
        .locator("a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs.some((href) => href?.startsWith("javascript:"))).toBe(false);
      expect(await answer.locator("a", { hasText: "a real one" }).getAttribute("rel")).toBe(
        "noopener noreferrer nofollow",
      );
      await page.screenshot({ path: join(SCREENSHOT_DIR, "markdown-answer.png"), fullPage: true });
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "follows a long streamed answer until the person scrolls up, then stays where they are",
    async () => {
      await send("long");
      const turns = page.locator("#turns");
      await turns.getByText(`line ${LONG_HALF_LINES}`, { exact: true }).waitFor();
      const gap = () => turns.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
      expect(await turns.evaluate((list) => list.scrollHeight > list.clientHeight * 2)).toBe(true);
      await expect.poll(gap).toBeLessThan(48);
      await page.screenshot({ path: join(SCREENSHOT_DIR, "streaming-follows.png") });
      await turns.evaluate((list) => {
        list.scrollTop = 0;
      });
      scripted.releaseSecondHalf();
      await turns.getByText(`line ${2 * LONG_HALF_LINES}`, { exact: true }).waitFor({ state: "attached" });
      expect(await turns.evaluate((list) => list.scrollTop)).toBe(0);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "shows the thread a person opened while another thread was still loading",
    async () => {
      await send("markdown");
      const first = new URL(page.url()).pathname;
      await page.locator("#turns a", { hasText: "a real one" }).waitFor();
      // The first thread's next load is slow; the person opens a new thread before it returns.
      await page.route(`**/api${first.replace("/t/", "/threads/")}`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.evaluate(() => window.dispatchEvent(new PopStateEvent("popstate")));
      await send("markdown");
      await page.locator("#turns a", { hasText: "a real one" }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).not.toBe(first);
      await page.unrouteAll();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "shows tool error counts on the runs page",
    async () => {
      await page.goto(`${console_.server.origin}/runs`);
      const row = page.locator("#page-view table tr").nth(1);
      await row.waitFor();
      expect(await row.locator("td.errors").textContent()).toBe("2");
      expect(await row.textContent()).toContain("Bash ×3 (2 failed)");
      await page.screenshot({ path: join(SCREENSHOT_DIR, "runs-tool-errors.png") });
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
