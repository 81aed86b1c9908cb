import { describe, expect, test } from "vitest";
import { detectHost, importHostMcpConfig } from "../src/index.js";

const context = {
  sourceWorkspace: "/work/project",
  targetWorkspace: "/work/target",
  home: "/home/u",
  importEnv: {},
};

describe("importHostMcpConfig", () => {
  test("turns a Claude Desktop file into mono-agent servers", () => {
    const file = {
      mcpServers: {
        "my server.v2": { command: "npx", args: ["-y", "pkg"] },
        remote: { type: "streamable-http", url: "https://example.invalid/mcp", alwaysAllow: ["x"] },
      },
      globalShortcut: "Ctrl+Space",
    };
    expect(detectHost("/home/u/.config/Claude/claude_desktop_config.json", file)).toBe("claude-desktop");
    const { servers, notes } = importHostMcpConfig(
      file,
      "claude-desktop",
      "claude_desktop_config.json",
      context,
    );
    expect(Object.keys(servers).sort()).toEqual(["my-server-v2", "remote"]);
    expect(servers["my-server-v2"]).toMatchObject({ command: "npx", args: ["-y", "pkg"] });
    expect(servers["remote"]).toMatchObject({ type: "http", url: "https://example.invalid/mcp" });
    expect(notes.some((note) => note.kind === "dropped" && /alwaysAllow|approval/.test(note.message))).toBe(
      true,
    );
  });

  test("a file that is not a JSON object imports nothing and says so", () => {
    const { servers, notes } = importHostMcpConfig([], "cursor", "mcp.json", context);
    expect(servers).toEqual({});
    expect(notes).toEqual([{ kind: "dropped", message: "mcp.json is not a JSON object; nothing to import" }]);
  });
});
