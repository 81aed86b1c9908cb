import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { describe, expect, it } from "vitest";
import { collectProtectedPaths } from "../src/check/collect-protected-paths.js";

describe("collectProtectedPaths", () => {
  it("follows moved stores, the mcp.json, memory, continuations, env files and the instructions", async () => {
    const agent = realpathSync(mkdtempSync(join(tmpdir(), "protected-paths-")));
    writeFileSync(join(agent, ".env.production"), "X=1\n");
    const loaded = await loadMonoAgentConfig({
      cwd: agent,
      env: {},
      config: {
        runtime: { instructions: "prompts/agent.md" },
        artifacts: { dir: "state/artifacts" },
        tools: { mcpConfigPath: "config/mcp.json" },
        memory: { path: "notes" },
        continuations: { stateDir: "state/continuations" },
      },
    });
    const paths = collectProtectedPaths({ loaded, envFile: "../secrets.env", cwd: join(agent, "sub") });
    expect(paths.noAccess).toEqual(
      expect.arrayContaining([
        join(agent, ".mono-agent"),
        join(agent, "state", "artifacts"),
        join(agent, "state", "conversations.sqlite"),
        join(agent, "state", "conversations.sqlite-wal"),
        join(agent, "state", "web-threads.sqlite-shm"),
        join(agent, "state", "history"),
        join(agent, "state", "continuations"),
        join(agent, "notes"),
        join(agent, "mono-agent.config.json"),
        join(agent, "config", "mcp.json"),
        join(agent, ".env"),
        join(agent, "secrets.env"),
      ]),
    );
    // Env files of the agent folder are protected by name on every call, not listed once here: a
    // `.env.production` written later is covered the same way as the one present now.
    expect(paths.noAccess).not.toContain(join(agent, ".env.production"));
    expect(paths.noAccessNames).toEqual([
      { directory: agent, names: [".env", ".env.*"], reason: "an env file of the agent folder" },
    ]);
    expect(paths.readOnly).toEqual([join(agent, "prompts", "agent.md")]);
    expect(paths.reasons?.[join(agent, "notes")]).toContain("Remember, MemoryRecall and MemoryJournal");
  });

  it("drops an entry that another one already covers", async () => {
    const agent = realpathSync(mkdtempSync(join(tmpdir(), "protected-paths-")));
    const loaded = await loadMonoAgentConfig({ cwd: agent, env: {}, config: {} });
    const { noAccess } = collectProtectedPaths({ loaded });
    expect(noAccess).toContain(join(agent, ".mono-agent"));
    expect(noAccess.filter((path) => path.startsWith(join(agent, ".mono-agent")))).toEqual([
      join(agent, ".mono-agent"),
    ]);
  });
});
