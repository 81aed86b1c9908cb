import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_MISSING, launchChromium } from "@mono-agent/test-utils/chromium";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

const SCREENSHOT_DIR = fileURLToPath(new URL("./__screenshots__/", import.meta.url));
const TITLE_TOOL = "mcp__mono-agent-conversation__SetConversationTitle";
const BROWSER_TEST_TIMEOUT_MS = 90_000;

if (CHROMIUM_MISSING) console.warn(`skipping the browser tests of the web console: ${CHROMIUM_MISSING}`);

describe.skipIf(CHROMIUM_MISSING !== undefined)(
  "the web console in chromium, against mono-agent serve",
  () => {
    let model: ScriptedModelServer;
    let agentDir: string;
    let serve: ServeProcess;
    let browser: BrowserContext;
    let page: Page;
    let threadPath = "";

    const threadLink = (title: string) => page.locator("#thread-list a", { hasText: title });
    const lastTurn = () => page.locator("#turns > li.turn").last();
    /**
     * Opens a console URL and waits until its script has wired the page. Without the token cookie, goto
     * resolves on the sign-in page, whose script reloads into the console later; a key pressed before the
     * console's handlers exist is lost.
     */
    const openConsole = async (url: string) => {
      await page.goto(url);
      await page.locator("html[data-console-ready]").waitFor({ state: "attached" });
    };

    beforeAll(async () => {
      model = await startScriptedModelServer();
      agentDir = makeWebAgentFolder(model.baseUrl);
      serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
      browser = await launchChromium({ width: 1100, height: 800 });
      page = await browser.newPage();
      // What the page itself reports shows up in the test log when a step times out.
      page.on("pageerror", (error) => console.warn(`[console page error] ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          console.warn(`[console ${message.type()}] ${message.text()}`);
      });
    }, BROWSER_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await browser?.close();
      await serve?.stop();
      await model?.close();
    });

    it(
      "opens with the printed URL, creates a thread, streams the answer and applies the agent's title live",
      async () => {
        await openConsole(serve.url);
        expect(new URL(page.url()).hash).toBe("");
        await page.keyboard.press("Alt+n");
        await page.waitForURL(/\/t\/[A-Za-z0-9-]+$/);
        threadPath = new URL(page.url()).pathname;

        const streaming = model.gate("stream-1");
        await page
          .locator("#message")
          .fill(
            "Help me plan my vegetable garden [title: Vegetable garden plan] [stream-hold:stream-1] " +
              "[say: Start with three raised beds, rich compost and a drip line for the tomatoes.]",
          );
        await page.locator("#message").press("Enter");
        // The fallback title (first message) shows at once; the agent's title replaces it without a reload.
        await threadLink("Vegetable garden plan").waitFor();
        await streaming.reached;
        const answer = lastTurn().locator(".message.assistant");
        await answer.filter({ hasText: "Start with three raised" }).waitFor();
        expect(await answer.textContent()).not.toContain("tomatoes");
        expect(await page.locator("#cancel").isVisible()).toBe(true);
        streaming.release();
        await answer.filter({ hasText: "drip line for the tomatoes." }).waitFor();
        await page.locator("#cancel").waitFor({ state: "hidden" });
        expect(await page.locator("#thread-title").textContent()).toBe("Vegetable garden plan");
        // The title tool creates no assistant message: one answer bubble for the turn.
        expect(await lastTurn().locator(".message.assistant").count()).toBe(1);
      },
      BROWSER_TEST_TIMEOUT_MS,
    );

    it(
      "shows the tool call in a collapsed Activity disclosure that opens to its arguments and result",
      async () => {
        const activity = lastTurn().locator("details.activity");
        expect(await activity.getAttribute("open")).toBeNull();
        await activity.locator("summary").first().click();
        const call = activity.locator("li.tool").first();
        await call.locator("summary").click();
        expect(await call.locator("summary").textContent()).toContain(`${TITLE_TOOL} · ok`);
        expect(await call.locator(".tool-arguments").textContent()).toContain(
          '"title": "Vegetable garden plan"',
        );
        expect(await call.locator(".tool-result").textContent()).toContain("Title proposed");
        expect(await call.locator(".note").textContent()).toBe("Title applied.");
      },
      BROWSER_TEST_TIMEOUT_MS,
    );

    it(
      "keeps a browser rename against a racing agent proposal, and stops offering the tool",
      async () => {
        const held = model.gate("hold-2");
        await page
          .locator("#message")
          .fill("Now the watering schedule [hold:hold-2] [title: Watering schedule]");
        await page.locator("#message").press("Enter");
        await held.reached; // the run started while the title was writable: the tool is offered
        expect(model.requests.at(-1)?.toolNames).toContain(TITLE_TOOL);
        await page.locator("#rename").click();
        await page.locator("#rename-input").fill("  My   garden  ");
        await page.locator("#rename-input").press("Enter");
        await threadLink("My garden").waitFor();
        held.release();
        const note = lastTurn().locator(".note");
        await lastTurn().locator("details.activity summary").first().click();
        await lastTurn().locator("li.tool summary").first().click();
        await note.filter({ hasText: "declined" }).waitFor();
        expect(await note.textContent()).toBe("Title proposal declined: the thread was renamed by hand.");
        await page.locator("#cancel").waitFor({ state: "hidden" });
        expect(await page.locator("#thread-title").textContent()).toBe("My garden");
        expect(await threadLink("Watering schedule").count()).toBe(0);

        await page.locator("#message").fill("One more thing [title: Should not land]");
        await page.locator("#message").press("Enter");
        await lastTurn().locator(".message.assistant", { hasText: "No title tool was offered." }).waitFor();
        expect(model.requests.at(-1)?.toolNames).not.toContain(TITLE_TOOL);
        expect(await page.locator("#thread-title").textContent()).toBe("My garden");

        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const testDir = mkdtempSync(join(tmpdir(), "mono-agent-web-shot-"));
        for (const dir of [SCREENSHOT_DIR, testDir])
          await page.screenshot({ path: join(dir, "thread-view.png"), fullPage: true });
      },
      BROWSER_TEST_TIMEOUT_MS,
    );

    it(
      "finds everything after a reload and after a restart of the server",
      async () => {
        const check = async () => {
          await threadLink("My garden").waitFor();
          await page.locator("#thread-title", { hasText: "My garden" }).waitFor();
          const turns = page.locator("#turns > li.turn");
          expect(await turns.count()).toBe(3);
          expect(await turns.nth(0).locator(".message.assistant").textContent()).toBe(
            "Start with three raised beds, rich compost and a drip line for the tomatoes.",
          );
          await turns.nth(1).locator("details.activity summary").first().click();
          await turns.nth(1).locator("li.tool summary").first().click();
          expect(await turns.nth(1).locator(".note").textContent()).toBe(
            "Title proposal declined: the thread was renamed by hand.",
          );
        };
        await page.reload();
        await check();

        await serve.stop();
        serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
        await openConsole(`${serve.origin}${threadPath}#token=${TEST_WEB_TOKEN}`);
        await check();
      },
      BROWSER_TEST_TIMEOUT_MS,
    );

    it(
      "shows the runs page (run history is wired) and works on a phone-sized screen",
      async () => {
        await page.locator("#pages a", { hasText: "Runs" }).click();
        await page
          .locator("#page-view td", { hasText: `web:${threadPath.slice(3)}` })
          .first()
          .waitFor();
        expect(await page.locator("#pages a", { hasText: "Memory" }).count()).toBe(0);
        await page.setViewportSize({ width: 390, height: 800 });
        await openConsole(`${serve.origin}${threadPath}`);
        expect(await page.locator("#threads").isVisible()).toBe(false);
        await page.locator("#toggle-threads").click();
        await threadLink("My garden").click();
        await page.locator("#thread-title", { hasText: "My garden" }).waitFor();
        expect(await page.locator("#threads").isVisible()).toBe(false);
        await page.setViewportSize({ width: 1100, height: 800 });
      },
      BROWSER_TEST_TIMEOUT_MS,
    );

    it(
      "archives a thread: it leaves the list, stays readable and takes no message",
      async () => {
        await page.locator("#archive").click();
        await page.waitForURL(`${serve.origin}/`);
        await threadLink("My garden").waitFor({ state: "detached" });
        await page.locator("#archived summary").click();
        await page.locator("#archived-list a", { hasText: "My garden" }).click();
        await page.locator("#thread-title", { hasText: "My garden" }).waitFor();
        expect(await page.locator("#message").isDisabled()).toBe(true);
        const response = await fetch(
          `${serve.origin}/api${threadPath.replace("/t/", "/threads/")}/messages`,
          {
            method: "POST",
            headers: { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" },
            body: JSON.stringify({ text: "hello again" }),
          },
        );
        expect(response.status).toBe(409);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("thread_archived");
      },
      BROWSER_TEST_TIMEOUT_MS,
    );
  },
);
