import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHROMIUM_MISSING, launchChromium } from "@mono-agent/test-utils/chromium";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

const SCREENSHOT_DIR = fileURLToPath(new URL("./__screenshots__/", import.meta.url));
const ASK_SERVER = fileURLToPath(new URL("../fixtures/mcp/ask-server.mjs", import.meta.url));
const BROWSER_TEST_TIMEOUT_MS = 90_000;

/** The scripted model's `[call: ...]` directive ends at the first "}]": keep JSON from containing it. */
const directiveJson = (value: unknown) => JSON.stringify(value).replaceAll("}]", "} ]");

const QUESTIONS = directiveJson({
  questions: [
    {
      header: "Color",
      question: "Which colors?",
      options: [{ label: "Red" }, { label: "Blue" }, { label: "Green" }],
      multiSelect: true,
    },
    { header: "Size", question: "Which size?", options: [{ label: "S" }, { label: "L" }] },
  ],
});

if (CHROMIUM_MISSING) console.warn(`skipping the browser ask tests: ${CHROMIUM_MISSING}`);

describe.skipIf(CHROMIUM_MISSING !== undefined)("asks, elicitations and approvals in the web console", () => {
  let model: ScriptedModelServer;
  let agentDir: string;
  let serve: ServeProcess;
  let browser: BrowserContext;
  let page: Page;

  const lastTurn = () => page.locator("#turns > li.turn").last();
  const send = async (text: string) => {
    await page.locator("#message").fill(text);
    await page.locator("#message").press("Enter");
  };
  const toolResults = (index: number) =>
    JSON.stringify(model.requests[index]?.messages.filter((m) => (m as { role: string }).role === "tool"));
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
  const runDone = () => page.locator("#cancel").waitFor({ state: "hidden" });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    model = await startScriptedModelServer();
    agentDir = makeWebAgentFolder(model.baseUrl, {
      tools: {
        mcpServers: { files: { command: process.execPath, args: [ASK_SERVER] } },
        approval: { mode: "annotations" },
      },
    });
    serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
    browser = await launchChromium({ width: 1100, height: 900 });
    page = await browser.newPage();
    page.on("pageerror", (error) => console.warn(`[console page error] ${error.message}`));
    await page.goto(serve.url);
    await page.locator("html[data-console-ready]").waitFor({ state: "attached" });
    await page.keyboard.press("Alt+n");
    await page.waitForURL(/\/t\/[A-Za-z0-9-]+$/);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await model?.close();
  });

  it(
    "AskUser: two questions (one multi-select) as buttons; the clicked answers reach the model",
    async () => {
      const before = model.requests.length;
      await send(`Pick for me [call: AskUser ${QUESTIONS}] [say: Thanks for choosing]`);
      const card = page.locator("li.ask.question.pending");
      await card.waitFor();
      await card.getByRole("button", { name: "Red" }).click();
      await card.getByRole("button", { name: "Green" }).click();
      await card.getByRole("button", { name: "L", exact: true }).click();
      await shot("ask-user-card");
      await card.getByRole("button", { name: "Send answers" }).click();
      const answered = page.locator("li.ask.question.answered");
      await answered.waitFor();
      expect(await answered.locator("[data-role=ask-outcome]").textContent()).toBe(
        "Answered by web console: Color: Red, Green · Size: L",
      );
      await lastTurn().locator(".message.assistant", { hasText: "Thanks for choosing" }).waitFor();
      await runDone();
      expect(toolResults(before + 1)).toContain("Color: Red, Green\\nSize: L");
      await shot("ask-user-answered");
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "an MCP server elicits a form: the schema becomes inputs with validation; the filled values reach it",
    async () => {
      const before = model.requests.length;
      await send("Register me [call: register {}] [say: Registered]");
      const card = page.locator("li.ask.form.pending");
      await card.waitFor();
      await card.locator("input[name=name]").fill("A");
      await card.locator("input[name=age]").fill("41");
      await card.locator("select[name=plan]").selectOption("pro");
      await card.locator("input[name=newsletter]").check();
      await card.getByRole("button", { name: "Submit" }).click();
      // minLength 2: the browser refuses the form, nothing is sent.
      expect(await card.locator("input[name=name]:invalid").count()).toBe(1);
      await card.locator("input[name=name]").fill("Ada");
      await shot("elicitation-form");
      await card.getByRole("button", { name: "Submit" }).click();
      await page.locator("li.ask.form.answered").waitFor();
      await lastTurn().locator(".message.assistant", { hasText: "Registered" }).waitFor();
      await runDone();
      expect(toolResults(before + 1)).toContain(
        'elicitation accept: {\\"name\\":\\"Ada\\",\\"age\\":41,\\"plan\\":\\"pro\\",\\"newsletter\\":true}',
      );
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "a destructive tool asks first: denied, then approved for the conversation, then runs without a card",
    async () => {
      let before = model.requests.length;
      await send('Delete it [call: delete_file {"path":"a.txt"}] [say: Tried]');
      const card = page.locator("li.ask.approval.pending");
      await card.waitFor();
      expect(await card.locator(".ask-title").textContent()).toBe("Approve mcp__files__delete_file?");
      await shot("approval-card");
      await card.getByRole("button", { name: "Deny" }).click();
      await page.locator("li.ask.approval.answered").first().waitFor();
      await runDone();
      expect(toolResults(before + 1)).toContain("Denied by web console");
      expect(toolResults(before + 1)).not.toContain("deleted a.txt");

      before = model.requests.length;
      await send('Delete b [call: delete_file {"path":"b.txt"}] [say: Done b]');
      await card.waitFor();
      await card.getByRole("button", { name: "Approve for this conversation" }).click();
      await lastTurn().locator(".message.assistant", { hasText: "Done b" }).waitFor();
      await runDone();
      expect(toolResults(before + 1)).toContain("deleted b.txt");

      before = model.requests.length;
      const cards = await page.locator("li.ask.approval").count();
      await send('Delete c [call: delete_file {"path":"c.txt"}] [say: Done c]');
      await lastTurn().locator(".message.assistant", { hasText: "Done c" }).waitFor();
      await runDone();
      expect(toolResults(before + 1)).toContain("deleted c.txt");
      expect(await page.locator("li.ask.approval").count()).toBe(cards);
      await shot("approval-remembered");
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
