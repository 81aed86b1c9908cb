import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChildEnv } from "../src/build-child-env.js";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import {
  bridgeOptions,
  fixtureSpec,
  makeTempDir,
  resultText,
  runFauxAgent,
  TEST_SERVER_OPTIONS,
  testLauncher,
} from "./fixtures/bridge-test-kit.js";
// @ts-expect-error plain .mjs fixture without types
import { startHttpFixture } from "./fixtures/http-server.mjs";
// @ts-expect-error plain .mjs fixture without types
import { startSseFixture } from "./fixtures/sse-server.mjs";

/** Values that look like env references; they must arrive exactly as written. */
const LITERAL_NOT_EXPANDED = ["$", "{NOT_EXPANDED}"].join("");
const LITERAL_API_URL = ["$", "{API_URL}"].join("");
const LITERAL_TOKEN = ["$", "{TOKEN}"].join("");

describe("buildChildEnv", () => {
  it("keeps the SDK defaults, the passthrough names and the server env, and nothing else", () => {
    const env = buildChildEnv({
      hostEnv: {
        HOME: "/home/a",
        PATH: "/bin",
        SHELL: "() { evil; }",
        LANG: "C.UTF-8",
        SECRET_FOR_TEST: "s",
        TZ: undefined,
      },
      passthrough: ["LANG", "TZ", "ABSENT"],
      serverEnv: { PATH: "/custom/bin", TOKEN: LITERAL_NOT_EXPANDED },
    });
    expect(env).toEqual({
      HOME: "/home/a",
      PATH: "/custom/bin",
      LANG: "C.UTF-8",
      TOKEN: LITERAL_NOT_EXPANDED,
    });
  });
});

describe("what a child and a remote server receive", () => {
  let outputDir: Awaited<ReturnType<typeof makeTempDir>>;
  let http: { url: string; close: () => Promise<void>; seenHeaders: Record<string, string>[] };
  let sse: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    outputDir = await makeTempDir();
    http = await startHttpFixture({ requiredHeader: ["Authorization", "Bearer run-token"] });
    sse = await startSseFixture();
  });
  afterAll(async () => {
    await http.close();
    await sse.close();
    await outputDir.remove();
  });

  it("a host secret reaches no child; passthrough and literal $VAR-style values arrive as given", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: testLauncher({ passthrough: ["PASSED_THROUGH"] }),
        servers: [
          fixtureSpec("plain", "stdio-server.mjs"),
          fixtureSpec("configured", "stdio-server.mjs", [], {
            env: { API_URL: LITERAL_API_URL, MODE: "$HOME" },
          }),
          {
            name: "wrapped",
            transport: "stdio",
            command: "sh",
            args: ["-c", 'exec "$0" "$1"', process.execPath, fixtureSpec("x", "stdio-server.mjs").args[0]!],
            env: {},
            options: TEST_SERVER_OPTIONS,
          },
        ],
      }),
    );
    try {
      expect(bridge.warnings).toEqual([]);
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__plain__env-report", arguments: {} },
        { name: "mcp__configured__env-report", arguments: {} },
        { name: "mcp__wrapped__env-report", arguments: {} },
      ]);
      const envs = run.toolResults.map(
        (message) => JSON.parse(resultText(message)) as Record<string, string>,
      );
      expect(envs).toHaveLength(3);
      for (const env of envs) {
        expect(env.SECRET_FOR_TEST).toBeUndefined();
        expect(env.PASSED_THROUGH).toBe("visible-value");
        expect(env.PATH).toBe(process.env.PATH);
      }
      expect(envs[1]?.API_URL).toBe(LITERAL_API_URL);
      expect(envs[1]?.MODE).toBe("$HOME");
      expect(
        Object.keys(envs[0] ?? {}).filter(
          (name) => !["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "PASSED_THROUGH"].includes(name),
        ),
      ).toEqual([]);
    } finally {
      await bridge.close();
    }
  });

  it("headers reach the streamable HTTP and SSE servers as literal values", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [
          {
            name: "api",
            transport: "http",
            url: http.url,
            headers: { Authorization: "Bearer run-token", "X-Literal": LITERAL_TOKEN },
            options: TEST_SERVER_OPTIONS,
          },
          {
            name: "legacy",
            transport: "sse",
            url: sse.url,
            headers: { "X-Run": "r-1" },
            options: TEST_SERVER_OPTIONS,
          },
          { name: "noauth", transport: "http", url: http.url, headers: {}, options: TEST_SERVER_OPTIONS },
        ],
      }),
    );
    try {
      expect(bridge.warnings.map((warning) => [warning.kind, warning.serverName])).toEqual([
        ["mcp_server_unavailable", "noauth"],
      ]);
      expect(bridge.warnings[0]?.message).toContain("401");
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__api__headers", arguments: {} },
        { name: "mcp__legacy__headers", arguments: {} },
      ]);
      const [apiHeaders, sseHeaders] = run.toolResults.map(
        (message) => JSON.parse(resultText(message)) as Record<string, string>,
      );
      expect(apiHeaders?.authorization).toBe("Bearer run-token");
      expect(apiHeaders?.["x-literal"]).toBe(LITERAL_TOKEN);
      expect(sseHeaders?.["x-run"]).toBe("r-1");
      const authorised = http.seenHeaders.filter((headers) => headers.authorization === "Bearer run-token");
      expect(authorised.length).toBeGreaterThanOrEqual(3);
    } finally {
      await bridge.close();
    }
  });
});
