import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CONTRACT_TIERS, openTierStore, useTier } from "./contract-tiers.js";
import { createMemoryRecallServer, createRememberServer, type MemoryStore } from "../src/index.js";
import { REMEMBER_SERVER_NAME } from "../src/remember-server.js";
import { type LiteMemoryStore, type openLiteMemoryStore, prepareForget, applyForget } from "../src/lite/index.js";
import { bulletLines, call, connect, dailyText, movableClock, tempRoot } from "./helpers.js";

const stores: LiteMemoryStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function open(root = tempRoot(), options: Partial<Parameters<typeof openLiteMemoryStore>[0]> = {}) {
  const store = openTierStore({ root, ...options });
  stores.push(store);
  return store;
}

async function rememberClient(store: MemoryStore, env: Record<string, string> = {}) {
  return connect(createRememberServer({ store, env }));
}

const remember = (client: Awaited<ReturnType<typeof rememberClient>>, text: unknown) =>
  call(client, "Remember", { text });

describe.each(CONTRACT_TIERS)("on the %s tier", (tier) => {
  beforeEach(() => useTier(tier));

  describe("Remember: durable memory writes (seed page, one test per sentence)", () => {
    test("Remember is an app-owned request-scoped MCP tool that durably stores one explicitly stated fact.", async () => {
      const store = open();
      const client = await rememberClient(store);
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(["Remember"]);
      expect(client.getServerVersion()?.name).toBe(REMEMBER_SERVER_NAME);
      const result = await remember(client, "The deploy window is Tuesday 10:00 UTC");
      expect(result.isError).toBe(false);
      store.close();
      expect(bulletLines(store.root)).toEqual(["- – The deploy window is Tuesday 10:00 UTC"]);
    });

    test("It is deterministic and append-only and uses no chat LLM, so a successful result means the fact is already recallable through MemoryRecall rather than queued for later curation.", async () => {
      const store = open();
      const client = await rememberClient(store);
      await remember(client, "Project Falcon ships on 2026-10-01");
      const recall = await connect(createMemoryRecallServer({ store }));
      const hits = await call(recall, "MemoryRecall", { query: "Falcon ships" });
      expect(hits.structured["hits"][0].text).toBe("Project Falcon ships on 2026-10-01");
    });

    test('Its strict input is { "text": "..." }.', async () => {
      const store = open();
      const client = await rememberClient(store);
      for (const args of [{}, { text: "fact", about: "x" }, { text: 42 }, { text: "" }]) {
        const result = await call(client, "Remember", args);
        expect(result.isError).toBe(true);
        expect(result.structured).toMatchObject({ schema: 1, stored: false });
      }
      expect(dailyText(store.root)).toBe("");
      const schema = (await client.listTools()).tools[0]?.inputSchema;
      expect(schema).toMatchObject({ required: ["text"], additionalProperties: false });
    });

    test("The text is stored NFKC-normalized, trimmed, and whitespace-collapsed to a single line — a memory is one markdown bullet — and the result echoes back exactly what was written, so the model can see how its input was normalized.", async () => {
      const store = open();
      const client = await rememberClient(store);
      const result = await remember(client, "  Ｔｈｅ  ﬁle\tserver\nlives\u2028in   rack 4  ");
      expect(result.structured["storedText"]).toBe("The file server lives in rack 4");
      expect(result.text).toBe('Remembered: "The file server lives in rack 4"');
      expect(bulletLines(store.root)).toEqual(["- – The file server lives in rack 4"]);
    });

    test("Text over 500 characters once normalized is rejected.", async () => {
      const store = open();
      const client = await rememberClient(store);
      expect((await remember(client, "a".repeat(500))).isError).toBe(false);
      const over = await remember(client, "b".repeat(501));
      expect(over.isError).toBe(true);
      expect(over.structured["reason"]).toContain("501 characters");
      const collapses = await remember(client, `${"c ".repeat(200)}${" ".repeat(300)}`);
      expect(collapses.isError).toBe(false);
      expect(bulletLines(store.root)).toHaveLength(2);
    });

    test("The bullet id is derived from the content hash, so a retry recomputes it; the index is consulted first and then the whole canonical source, not just today’s file.", async () => {
      const clock = movableClock("2026-09-01T10:00:00Z");
      const store = open(tempRoot(), { now: clock.now });
      const client = await rememberClient(store);
      const first = await remember(client, "Alice prefers tea");
      expect(first.structured["id"]).toBe(createHash("sha256").update("Alice prefers tea").digest("hex"));
      clock.set("2026-09-05T10:00:00Z");
      const retry = await remember(client, "Alice  prefers tea ");
      expect(retry.structured).toMatchObject({
        id: first.structured["id"],
        duplicate: true,
        source: "daily/2026-09-01.md",
      });
      expect(retry.text).toBe('Already remembered: "Alice prefers tea"');
      expect(existsSync(join(store.root, "daily", "2026-09-05.md"))).toBe(false);
    });

    test("Writes are idempotent across partial failure.", async () => {
      let failIndex = true;
      const store = open(tempRoot(), {
        faults: {
          afterCanonicalWrite: () => {
            if (failIndex) throw new Error("index disk full");
          },
        },
      });
      const client = await rememberClient(store);
      const partial = await remember(client, "The VPN gateway is vpn2");
      expect(partial.structured).toMatchObject({ stored: true, indexed: false });
      failIndex = false;
      const retry = await remember(client, "The VPN gateway is vpn2");
      expect(retry.isError).toBe(false);
      expect(bulletLines(store.root)).toEqual(["- – The VPN gateway is vpn2"]);
      expect(store.counts().memories).toBe(1);
    });

    test("A canonical bullet whose index row is missing — the window left by a crash between the two writes — is therefore completed rather than duplicated, including when the retry arrives after the UTC date rolls over.", async () => {
      const clock = movableClock("2026-09-01T23:59:59Z");
      const root = tempRoot();
      const crashing = open(root, {
        now: clock.now,
        faults: {
          afterCanonicalWrite: () => {
            throw new Error("crash");
          },
        },
      });
      await (await rememberClient(crashing)).callTool({
        name: "Remember",
        arguments: { text: "Backups run at 02:00" },
      });
      crashing.close();
      clock.set("2026-09-02T00:00:05Z");
      const store = open(root, { now: clock.now });
      const retry = await remember(await rememberClient(store), "Backups run at 02:00");
      expect(retry.isError).toBe(false);
      expect(retry.structured).toMatchObject({
        source: "daily/2026-09-01.md",
        storedText: "Backups run at 02:00",
      });
      expect(bulletLines(root)).toEqual(["- – Backups run at 02:00"]);
      expect(store.counts().memories).toBe(1);
    });

    test.each([
      ["configured credential value", "the key is Zq8!kLm2pQ", { BILLING_API_KEY: "Zq8!kLm2pQ" }],
      ["OpenAI", "use SK-abcdefghijklmnop1234", {}],
      ["GitHub classic", "token ghp_abcdefghijklmnopqrstuvwxyz0123", {}],
      ["GitHub fine-grained", "github_pat_11ABCDEFG0123456789_abcdefghijkl", {}],
      ["Slack bot", "xoxb-123456789012-abcdefghij", {}],
      ["Slack app-level", "xapp-1-A0123-456789-abcdef", {}],
      ["AWS access key id", "AKIAIOSFODNN7EXAMPLE is the key", {}],
      ["bearer scheme", "send Authorization: BEARER AbC123def456ghi", {}],
      ["basic scheme", "basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", {}],
      ["Telegram bot", "bot 123456789:AAEabcdefghijklmnopqrstuvwxyz012", {}],
      ["credential assignment", "the db password=hunter2hunter", {}],
      ["terminal control", "colour \u001b[31mred", {}],
      ["bidi control", "invoice \u202Egpj.exe", {}],
    ])(
      "Text that carries a configured credential value, a well-known token shape (OpenAI, GitHub classic and fine-grained, Slack bot and app-level, AWS access key ids, bearer/basic schemes, Telegram bot tokens, all case-insensitive), a credential assignment, or terminal/bidi control characters is rejected and nothing is written; the model is told to restate the fact without the secret. (%s)",
      async (_kind, text, env) => {
        const store = open();
        const result = await remember(await rememberClient(store, env), text);
        expect(result.isError).toBe(true);
        expect(result.structured).toMatchObject({ stored: false });
        expect(result.text).toContain("restate it without the secret");
        expect(dailyText(store.root)).toBe("");
        expect(store.counts().memories).toBe(0);
      },
    );

    test("Rejecting rather than redacting keeps a mangled value from being stored while still reporting success.", async () => {
      const store = open();
      const result = await remember(
        await rememberClient(store),
        "deploy key ghp_abcdefghijklmnopqrstuvwxyz0123 for CI",
      );
      expect(result.isError).toBe(true);
      expect(result.text).not.toContain("Remembered");
      expect(dailyText(store.root)).not.toContain("[secret omitted]");
      expect(dailyText(store.root)).toBe("");
    });

    test("The check runs against the exact normalized text and compares it with configured values in the same Unicode domain, so a credential written in a compatibility form does not slip past.", async () => {
      const store = open();
      const client = await rememberClient(store, { SERVICE_SECRET: "Vault42Key" });
      const fullwidth = await remember(client, "the vault word is Ｖａｕｌｔ４２Ｋｅｙ");
      expect(fullwidth.isError).toBe(true);
      expect(dailyText(store.root)).toBe("");
    });

    test("Only *_ENV, *_ENV_VAR, *_PATH, *_FILE, and *_DIR names are skipped, because those hold a variable name or a location rather than a secret.", async () => {
      const env = {
        SECRET_KEY_ENV: "SECRET_KEY_VALUE_NAME",
        API_TOKEN_ENV_VAR: "THE_TOKEN_VARIABLE",
        TOKEN_PATH: "/srv/config/token.txt",
        PASSWORD_FILE: "passfile.txt",
        SECRET_DIR: "/srv/secrets-folder",
      };
      const store = open();
      const client = await rememberClient(store, env);
      for (const value of Object.values(env)) {
        expect((await remember(client, `the setting is ${value}`)).isError).toBe(false);
      }
    });

    test("Names such as SERVICE_API_TOKENS are deliberately not skipped: the same helper backs other persistence guards, so a broader carve-out would weaken two surfaces at once.", async () => {
      const store = open();
      const result = await remember(
        await rememberClient(store, { SERVICE_API_TOKENS: "tok-9f8e7d" }),
        "rotate tok-9f8e7d monthly",
      );
      expect(result.isError).toBe(true);
    });

    test("The accepted cost is a false rejection — a credential-named budget like ..._KEEP_RECENT_TOKENS=8000 makes the literal 8000 unstorable through this tool.", async () => {
      const store = open();
      const result = await remember(
        await rememberClient(store, { AGENT_KEEP_RECENT_TOKENS: "8000" }),
        "The office has 8000 books",
      );
      expect(result.isError).toBe(true);
      expect(dailyText(store.root)).toBe("");
    });

    test("As security notes, this is defense in depth rather than a guarantee: free-form model text can still carry sensitive data that no closed pattern set recognizes.", async () => {
      const store = open();
      const result = await remember(await rememberClient(store), "My bank PIN is 4711");
      expect(result.isError).toBe(false);
    });

    test("Two outcomes are reported distinctly.", async () => {
      const store = open(tempRoot(), {
        faults: {
          afterCanonicalWrite: () => {
            throw new Error("index down");
          },
        },
      });
      const client = await rememberClient(store);
      const notStored = await remember(client, "x".repeat(600));
      const durable = await remember(client, "Rack 7 holds the NAS");
      expect(notStored.structured).toEqual({ schema: 1, stored: false, reason: expect.any(String) });
      expect(durable.structured).toEqual({
        schema: 1,
        stored: true,
        indexed: false,
        storedText: "Rack 7 holds the NAS",
        reason: expect.any(String),
      });
      expect(notStored.text).not.toEqual(durable.text);
    });

    test("A failure before anything durable is written says the fact was not stored, and the model may reword it.", async () => {
      const store = open();
      const result = await remember(await rememberClient(store), "y".repeat(501));
      expect(result.text).toMatch(/^Not stored:/);
      expect(result.text).toContain("shorter");
      expect(dailyText(store.root)).toBe("");
    });

    test("A canonical write whose index projection then failed reports the fact as durable but unindexed and tells the model to retry the identical wording — which completes it idempotently — rather than reword and create a second memory for one fact.", async () => {
      let fail = true;
      const store = open(tempRoot(), {
        faults: {
          afterCanonicalWrite: () => {
            if (fail) throw new Error("x");
          },
        },
      });
      const client = await rememberClient(store);
      const partial = await remember(client, "The printer is on floor 3");
      expect(partial.text).toContain("durable but not yet indexed");
      expect(partial.text).toContain("identical wording");
      expect(partial.text).toContain("do not reword");
      fail = false;
      expect((await remember(client, "The printer is on floor 3")).isError).toBe(false);
      expect(bulletLines(store.root)).toHaveLength(1);
      expect(store.counts().memories).toBe(1);
    });

    test("Two states are refused rather than silently mishandled: a fact that was explicitly forgotten through mono-agent memory forget is not re-storable through the tool, and a date still kept only in the root-level legacy layout is refused because creating the modern daily/<date>.md would hide the legacy file from the next rebuild.", async () => {
      const root = tempRoot();
      const clock = movableClock("2026-09-01T08:00:00Z");
      let store = open(root, { now: clock.now });
      const first = await remember(await rememberClient(store), "Forget me later");
      store.close();
      const plan = join(root, "..", "plan.json");
      prepareForget({ root, ids: [first.structured["id"]], reason: "user-request", planPath: plan });
      await applyForget({ root, planPath: plan });
      store = open(root, { now: clock.now });
      const client = await rememberClient(store);
      const again = await remember(client, "Forget me later");
      expect(again.isError).toBe(true);
      expect(again.text).toContain("forgotten");

      writeFileSync(join(root, "2026-09-03.md"), "# 2026-09-03\n\nhand-written legacy notes\n");
      clock.set("2026-09-03T09:00:00Z");
      const legacy = await remember(client, "A fact on a legacy day");
      expect(legacy.isError).toBe(true);
      expect(legacy.text).toContain("legacy");
      expect(existsSync(join(root, "daily", "2026-09-03.md"))).toBe(false);
    });

    test("Memory is append-only.", async () => {
      const store = open();
      const client = await rememberClient(store);
      await remember(client, "first fact");
      const before = dailyText(store.root);
      await remember(client, "second fact");
      const after = dailyText(store.root);
      expect(after.startsWith(before)).toBe(true);
      expect(after.length).toBeGreaterThan(before.length);
    });

    test("There is no edit or delete through this tool; removal remains the explicit two-phase mono-agent memory forget workflow.", async () => {
      const store = open();
      const client = await rememberClient(store);
      const tools = (await client.listTools()).tools;
      expect(tools.map((tool) => tool.name)).toEqual(["Remember"]);
      expect(Object.keys((tools[0]?.inputSchema.properties ?? {}) as object)).toEqual(["text"]);
      const result = await call(client, "Remember", { text: "x", delete: true });
      expect(result.isError).toBe(true);
      expect(tools[0]?.description).toContain("no edit or delete");
    });
  });
});

test("the legacy root file keeps being read and a new daily file is never created for it", () => {
  const root = tempRoot();
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "2026-01-01.md"), "# 2026-01-01\n");
  expect(readFileSync(join(root, "2026-01-01.md"), "utf8")).toContain("2026-01-01");
});
