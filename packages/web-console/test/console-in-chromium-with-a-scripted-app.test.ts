import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_MISSING, launchChromium } from "@mono-agent/test-utils/chromium";
// The built package, as a host imports it: the browser modules are served from dist/client (compiled by the build).
import { type StartWebConsoleOptions, startWebConsole, type WebConsole } from "@mono-agent/web-console/node";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedConsoleApp } from "./scripted-console-app.js";

const TOKEN = "package-test-token-0123456789abcdef";
const BROWSER_TEST_TIMEOUT_MS = 90_000;

if (CHROMIUM_MISSING)
  console.warn(`skipping the browser test of the web console package: ${CHROMIUM_MISSING}`);

describe.skipIf(CHROMIUM_MISSING !== undefined)(
  "the web console package in chromium, serving a scripted app",
  () => {
    const app = scriptedConsoleApp();
    let options: StartWebConsoleOptions;
    let console_: WebConsole;
    let browser: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      options = {
        app,
        storeFile: join(mkdtempSync(join(tmpdir(), "web-console-pkg-")), "threads.sqlite"),
        host: "127.0.0.1",
        port: 0,
        token: TOKEN,
        features: {
          deliveries: () => [
            { deliveryId: "continuation-1", text: "A result that came later.", deliveredAtMs: Date.now() },
          ],
        },
      };
      console_ = await startWebConsole(options);
      browser = await launchChromium({ width: 1000, height: 760 });
      page = await browser.newPage();
    }, BROWSER_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await browser?.close();
      await console_?.close();
    });

    it(
      "creates a thread, streams the app's answer, applies its title, shows the activity and cancels a held run",
      async () => {
        await page.goto(`${console_.server.origin}/#token=${TOKEN}`);
        await page.locator("html[data-console-ready]").waitFor({ state: "attached" });
        await page.keyboard.press("Alt+n");
        await page.waitForURL(/\/t\/[A-Za-z0-9-]+$/);
        await page.locator("#message").fill("Plan the garden [title: Garden plan]");
        await page.locator("#message").press("Enter");
        await page.locator("#thread-list a", { hasText: "Garden plan" }).waitFor();
        const turn = page.locator("#turns > li.turn:not(.delivery)").last();
        await turn.locator(".message.assistant", { hasText: "You said: Plan the garden" }).waitFor();
        expect(app.requests[0]).toMatchObject({
          source: "web",
          web: { origin: "interactive", titleWritable: true },
        });
        expect(app.requests[0]?.conversationId).toMatch(/^web:[A-Za-z0-9-]+$/);
        await turn.locator("details.activity summary").first().click();
        expect(await turn.locator("li.tool .note").textContent()).toBe("Title applied.");
        await page.locator(".delivery", { hasText: "A result that came later." }).first().waitFor();

        await page.locator("#message").fill("Wait for me [hold]");
        await page.locator("#message").press("Enter");
        await page.locator("#cancel").waitFor({ state: "visible" });
        await page.locator("#cancel").click();
        await page.locator("#turns > li.turn:not(.delivery)").last().getByText("Cancelled").waitFor();
        expect(app.requests[1]?.signal.aborted).toBe(true);
        // An agent title is not a lock: the agent may keep refining it (only a browser rename locks).
        expect(app.requests[1]?.web.titleWritable).toBe(true);
      },
      BROWSER_TEST_TIMEOUT_MS,
    );
  },
);
