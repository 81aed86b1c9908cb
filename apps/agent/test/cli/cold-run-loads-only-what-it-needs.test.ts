// A cold `mono-agent run` on the quickstart pays only for what the run uses: the coding agent's TUI, the
// web page converters, PostgreSQL, the web console's server, Slack and the image library are loaded
// when something asks for them, never on the way to the first event. Checked on the built CLI as a
// process, with a `--import` hook recording every module it loads (a file of the CLI bundle counts as the
// modules it holds).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLI_BIN } from "./run-cli.js";

/** The modules each file of the CLI bundle holds (scripts/bundle-cli.mjs writes it beside the bundle). */
const BUNDLE_INPUTS = fileURLToPath(new URL("../../dist/bundle-inputs.json", import.meta.url));
const RECORDER = fileURLToPath(new URL("../fixtures/record-loaded-modules/register.mjs", import.meta.url));
const QUICKSTART = fileURLToPath(new URL("../../../../examples/quickstart/", import.meta.url));

/** Packages (or package files) a quickstart run must not load, each with why it is not needed. */
const NOT_ON_A_RUN = [
  ["@earendil-works/pi-coding-agent", "Read, Write, Edit and Bash are our own"],
  ["@earendil-works/pi-tui", "the coding agent's terminal UI"],
  ["linkedom", "WebFetch's HTML parser loads on the first page"],
  ["@mozilla/readability", "WebFetch's article extraction"],
  ["turndown", "WebFetch's Markdown writer"],
  ["@silvia-odwyer/photon-node", "Read's image scaling loads on the first image"],
  ["/pg/", "PostgreSQL only with storage.postgres"],
  ["drizzle-orm/node-postgres", "PostgreSQL only with storage.postgres"],
  ["@mono-agent/storage/dist/postgres", "PostgreSQL only with storage.postgres"],
  ["/slack/", "Slack only in serve with slack configured"],
  ["@slack/", "Slack only in serve with slack configured"],
  ["web-console/dist/node", "the web console only in serve"],
  ["croner", "schedules only in serve and triggers"],
  ["@a2a-js/sdk", "the A2A client and server only with collaborators or an a2a block"],
  ["collaborators/dist/node", "AskCollaborator and the A2A endpoint only with collaborators or an a2a block"],
  ["marked", "Markdown rendering only in the web console"],
  ["playwright-core", "tests only"],
  ["/yaml/", "the YAML parser loads with the first SKILL.md"],
  ["/re2js/", "the RE2 engine loads with the first glob of Glob or Grep"],
  ["/ajv/", "Ajv loads with the first outputSchema or elicitation answer to validate"],
  ["/ajv-formats/", "Ajv's formats load with Ajv"],
  ["/zod-to-json-schema/", "zod 3 schemas only: the converter loads with the first one"],
  // It would keep every zod schema class in the bundle; scripts/bundle-cli.mjs leaves it out.
  ["zod/v4/classic/from-json-schema.js", "zod's JSON Schema reader: nothing here reads one into zod"],
] as const;

let folder: string;

/** The module URLs (pnpm's store paths made package paths) a CLI command loads, and its stdout. */
function loadedBy(args: string[], input?: string): { modules: string[]; files: string[]; stdout: string } {
  const log = join(folder, `loaded-${args[0]}.txt`);
  writeFileSync(log, "");
  const result = spawnSync(process.execPath, ["--import", RECORDER, CLI_BIN, ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", HOME: folder, RECORD_LOADED_MODULES: log },
    encoding: "utf8",
    timeout: 60_000,
    ...(input !== undefined ? { input } : {}),
  });
  expect(result.status, result.stderr).toBe(0);
  const bundled = JSON.parse(readFileSync(BUNDLE_INPUTS, "utf8")) as Record<string, string[]>;
  const files = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line !== "");
  const modules = files
    // A file of the CLI bundle stands for the modules it holds.
    .flatMap((url) => {
      const inBundle = /\/dist\/bundle\/([^/]+)$/.exec(url)?.[1];
      return inBundle === undefined ? [url] : (bundled[inBundle] ?? [url]);
    })
    .map((url) => url.replace(/.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, "node_modules/"))
    .map((url) => url.replace(/.*\/(packages|apps)\/([^/]+)\//, "@mono-agent/$2/"));
  return { modules, files, stdout: result.stdout };
}

const offenders = (modules: string[], needle: string) =>
  modules.filter((url) => url.includes(needle.startsWith("/") ? `node_modules${needle}` : needle));

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "cold-run-"));
  cpSync(QUICKSTART, folder, { recursive: true });
  writeFileSync(
    join(folder, "mcp.json"),
    JSON.stringify({
      mcpServers: { "quickstart-tools": { command: process.execPath, args: [CLI_BIN, "mcp-example"] } },
    }),
  );
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a cold start loads only what the command uses", () => {
  test("run on the quickstart answers through calculate without loading the rest", () => {
    const { modules, stdout } = loadedBy(["run", "--json", "What is 17 * 23?"]);
    expect(stdout).toContain("mcp__quickstart-tools__calculate");
    expect(stdout).toContain("391");
    // The recorder works: the modules a run does need are in the list.
    expect(modules.some((url) => url.includes("node_modules/@earendil-works/pi-agent-core/"))).toBe(true);
    expect(modules.some((url) => url.includes("@mono-agent/tools/dist/node/read-tool.js"))).toBe(true);
    for (const [needle, why] of NOT_ON_A_RUN) expect(offenders(modules, needle), why).toEqual([]);
  });

  test("the quickstart's example server answers without loading the config schemas or zod 3's converter", () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
    };
    const { modules, stdout } = loadedBy(["mcp-example"], `${JSON.stringify(initialize)}\n`);
    expect(stdout).toContain('"serverInfo"');
    // It boots beside every cold run: the flag parser's did-you-mean comes from config's ./closest-key.
    for (const needle of [
      "@mono-agent/config/dist/mono-agent-config-schema",
      "/zod-to-json-schema/",
      "/ajv/",
    ])
      expect(offenders(modules, needle), needle).toEqual([]);
  });

  test("validate on the quickstart loads neither the model stack nor the MCP SDK", () => {
    const { modules, files } = loadedBy(["validate"]);
    // Workspace packages are bundled: one loaded from its own folder (an external channel's ./check, say)
    // would bring the config package and zod a second time, from node_modules.
    expect(files.filter((url) => /\/packages\/[^/]+\/dist\/|\/node_modules\/zod\//.test(url))).toEqual([]);
    for (const needle of [
      "@earendil-works/",
      "@modelcontextprotocol/sdk",
      "@modelcontextprotocol/client",
      "drizzle-orm",
      "typebox",
      // The triggers code (and the webhook server's HTTP stack) only when the config declares a trigger.
      "node_modules/hono/",
      "@hono/node-server",
      "@mono-agent/http-kit",
      ...NOT_ON_A_RUN.map(([name]) => name),
    ]) {
      expect(offenders(modules, needle), needle).toEqual([]);
    }
  });
});

test("the bundle's stand-in for the MCP SDK's Ajv provider validates on first use, formats included", async () => {
  const bundled = JSON.parse(readFileSync(BUNDLE_INPUTS, "utf8")) as Record<string, string[]>;
  const [file] = Object.entries(bundled).find(([, inputs]) =>
    inputs.some((input) => input.endsWith("/scripts/lazy-ajv-provider.mjs")),
  ) ?? [undefined];
  expect(file, "no bundle file holds scripts/lazy-ajv-provider.mjs").toBeDefined();
  const chunk = (await import(new URL(`../../dist/bundle/${file}`, import.meta.url).href)) as Record<
    string,
    unknown
  >;
  type Validator = {
    getValidator(schema: object): (value: unknown) => { valid: boolean; errorMessage?: string };
  };
  const Provider = Object.values(chunk).find(
    (value): value is new () => Validator =>
      typeof value === "function" && typeof value.prototype?.getValidator === "function",
  );
  expect(Provider).toBeDefined();
  const check = new (Provider as new () => Validator)().getValidator({
    type: "object",
    properties: { total: { type: "number" }, day: { type: "string", format: "date" } },
    required: ["total"],
  });
  expect(check({ total: 391, day: "2026-12-03" })).toMatchObject({ valid: true });
  expect(check({ total: "391" })).toMatchObject({ valid: false, errorMessage: "data/total must be number" });
  expect(check({ total: 391, day: "soon" })).toMatchObject({ valid: false });
});

test("the bundle's stand-in for zod-to-json-schema converts a zod 3 schema on first use", async () => {
  const bundled = JSON.parse(readFileSync(BUNDLE_INPUTS, "utf8")) as Record<string, string[]>;
  const [file] = Object.entries(bundled).find(([, inputs]) =>
    inputs.some((input) => input.endsWith("/scripts/lazy-zod-to-json-schema.mjs")),
  ) ?? [undefined];
  expect(file, "no bundle file holds scripts/lazy-zod-to-json-schema.mjs").toBeDefined();
  // The chunk esbuild puts it in exports only what other chunks import (that moved when the MCP client went
  // to the v2 SDK), so the stand-in the bundle holds is called from its source.
  const standIn = (await import(
    new URL("../../scripts/lazy-zod-to-json-schema.mjs", import.meta.url).href
  )) as {
    zodToJsonSchema: (schema: unknown, options?: unknown) => Record<string, unknown>;
  };
  const { z } = await import("zod/v3");
  expect(standIn.zodToJsonSchema(z.object({ city: z.string() }), { target: "jsonSchema7" })).toMatchObject({
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
  });
});
