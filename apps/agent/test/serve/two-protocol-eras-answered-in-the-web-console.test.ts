import { fileURLToPath } from "node:url";
import { CHROMIUM_MISSING, launchChromium } from "@mono-agent/test-utils/chromium";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModernHttpServer, startModernHttpServer } from "../fixtures/mcp/modern-http-server.mjs";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

const BROWSER_TEST_TIMEOUT_MS = 90_000;
/** The v1-SDK example server (2025-11-25 only), run over stdio from its build. */
const EXAMPLE_SERVER = fileURLToPath(
  new URL("../../../../packages/example-server/dist/index.js", import.meta.url),
);

if (CHROMIUM_MISSING) console.warn(`skipping the two-era web console test: ${CHROMIUM_MISSING}`);

describe.skipIf(CHROMIUM_MISSING !== undefined)(
  "two protocol eras in one serve, answered in the web console",
  () => {
    let model: ScriptedModelServer;
    let modern: ModernHttpServer;
    let serve: ServeProcess;
    let browser: BrowserContext;
    let page: Page;

    const toolResults = (index: number) =>
      JSON.stringify(model.requests[index]?.messages.filter((m) => (m as { role: string }).role === "tool"));
    const send = async (text: string) => {
      await page.locator("#message").fill(text);
      await page.locator("#message").press("Enter");
    };
    const runDone = () => page.locator("#cancel").waitFor({ state: "hidden" });

    beforeAll(async () => {
      model = await startScriptedModelServer();
      modern = await startModernHttpServer();
      const agentDir = makeWebAgentFolder(model.baseUrl, {
        tools: {
          mcpServers: {
            modern: { url: modern.url },
            example: {
              command: process.execPath,
              args: [
                "--input-type=module",
                "-e",
                `import(${JSON.stringify(EXAMPLE_SERVER)}).then((m) => m.runExampleServer(process.cwd()))`,
              ],
            },
          },
          mcpStartupGraceMs: 60_000,
        },
      });
      serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
      browser = await launchChromium({ width: 1100, height: 900 });
      page = await browser.newPage();
      await page.goto(serve.url);
      await page.locator("html[data-console-ready]").waitFor({ state: "attached" });
      await page.keyboard.press("Alt+n");
      await page.waitForURL(/\/t\/[A-Za-z0-9-]+$/);
    }, BROWSER_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await browser?.close();
      await serve?.stop();
      await modern?.close();
      await model?.close();
    });

    it(
      "the 2026-07-28-only server's MRTR elicitation is a form card; the filled values reach it; the 2025-11-25 server's tool answers in the same serve",
      async () => {
        const before = model.requests.length;
        await send("Register me [call: register {}] [say: Registered]");
        const card = page.locator("li.ask.form.pending");
        await card.waitFor();
        await card.locator("input[name=name]").fill("Ada");
        await card.locator("input[name=age]").fill("41");
        await card.getByRole("button", { name: "Submit" }).click();
        await page.locator("li.ask.form.answered").waitFor();
        await runDone();
        expect(toolResults(before + 1)).toContain('elicitation accept: {\\"name\\":\\"Ada\\",\\"age\\":41}');

        const beforeCalc = model.requests.length;
        await send('Compute [call: calculate {"expression": "6 * 7"}] [say: Computed]');
        await page.locator(".message.assistant", { hasText: "Computed" }).waitFor();
        await runDone();
        expect(toolResults(beforeCalc + 1)).toContain("42");
        expect(modern.methods).toContain("server/discover");
        expect(modern.methods).not.toContain("initialize");
      },
      BROWSER_TEST_TIMEOUT_MS,
    );
  },
);
