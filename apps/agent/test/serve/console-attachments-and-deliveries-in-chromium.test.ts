import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_MISSING, launchChromium } from "@mono-agent/test-utils/chromium";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTINUATION_SERVER, freePort } from "../fixtures/continuations/continuation-kit.js";
import { CONTEXT_SERVER } from "../fixtures/mcp-env/context-kit.js";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

const BROWSER_TEST_TIMEOUT_MS = 90_000;

describe.skipIf(CHROMIUM_MISSING !== undefined)(
  "the web console in chromium: files with a message, results that arrive later",
  () => {
    let model: ScriptedModelServer;
    let serve: ServeProcess;
    let browser: BrowserContext;
    let page: Page;
    const report = join(mkdtempSync(join(tmpdir(), "mono-agent-web-claim-")), "claim.json");
    const lastTurn = () => page.locator("#turns > li.turn:not(.delivery)").last();

    beforeAll(async () => {
      model = await startScriptedModelServer();
      const agentDir = makeWebAgentFolder(model.baseUrl, {
        continuations: { port: await freePort() },
        tools: {
          mcpRequestContextServers: ["context"],
          continuationServers: ["jobs"],
          mcpServers: {
            context: { command: process.execPath, args: [CONTEXT_SERVER] },
            jobs: { command: process.execPath, args: [CONTINUATION_SERVER, `--report=${report}`] },
          },
        },
      });
      serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
      browser = await launchChromium({ width: 1100, height: 800 });
      page = await browser.newPage();
      await page.goto(serve.url);
      await page.locator("html[data-console-ready]").waitFor({ state: "attached" });
      await page.locator("#new-thread").click();
      await page.waitForURL(/\/t\/[A-Za-z0-9-]+$/);
    }, BROWSER_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await browser?.close();
      await serve?.stop();
      await model?.close();
    });

    it(
      "attaches a file from the composer; the run's server reads it and the turn lists it",
      async () => {
        await page.locator("#attach").setInputFiles({
          name: "notes.txt",
          mimeType: "text/plain",
          buffer: Buffer.from("plant garlic in october"),
        });
        expect(await page.locator("#attached li").textContent()).toContain("notes.txt (23 B)");
        await page.locator("#message").fill("Read my notes [call: attachments {}] [say: I read them.]");
        await page.locator("#message").press("Enter");
        await lastTurn().locator(".message.assistant", { hasText: "I read them." }).waitFor();
        expect(await lastTurn().locator(".message.user .attachments li").textContent()).toBe(
          "notes.txt (23 B)",
        );
        expect(await page.locator("#attached").isHidden()).toBe(true);
        await lastTurn().locator("details.activity summary").first().click();
        await lastTurn().locator("li.tool summary").first().click();
        expect(await lastTurn().locator(".tool-result").textContent()).toMatch(
          /notes\.txt plant garlic in october/,
        );
      },
      BROWSER_TEST_TIMEOUT_MS,
    );

    it(
      "shows a continuation result in the open thread without a reload",
      async () => {
        await page
          .locator("#message")
          .fill(
            'Count the items [call: start_task {"taskKey":"t1"}] [say: Started; I will tell you.] ' +
              "[result-say: All done: 42 items.]",
          );
        await page.locator("#message").press("Enter");
        await lastTurn().locator(".message.assistant", { hasText: "Started; I will tell you." }).waitFor();
        await page.locator("#cancel").waitFor({ state: "hidden" });
        expect(await page.locator("#turns > li.delivery").count()).toBe(0);
        writeFileSync(`${report}.go`, "");
        const delivered = page.locator("#turns > li.delivery").last();
        await delivered.locator(".message.assistant", { hasText: "All done: 42 items." }).waitFor();
        expect(await delivered.locator(".delivery-label").textContent()).toMatch(
          /^Result delivered later · /,
        );
        // It follows the turn that started the task.
        expect(await page.locator("#turns > li").last().getAttribute("class")).toBe("turn delivery");
        await page.screenshot({
          path: join(mkdtempSync(join(tmpdir(), "mono-agent-web-shot-")), "thread-with-files-and-result.png"),
          fullPage: true,
        });
      },
      BROWSER_TEST_TIMEOUT_MS,
    );
  },
);
