import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import { createToolPolicy } from "@mono-agent/policy";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import { runHistoryToolServers } from "../src/recorder.js";
import { openRunStore } from "../src/sqlite.js";

function loadedAt(artifactsDir: string): LoadedConfig {
  return { artifactsDir, config: { runtime: {} } } as unknown as LoadedConfig;
}

describe("runHistoryToolServers", () => {
  test("no server without a run store: recording is off, so there is no history to read", () => {
    const servers = runHistoryToolServers({
      loaded: loadedAt(tempDir("run-history-servers-none-")),
      env: {},
      policy: createToolPolicy({}),
      store: undefined,
    });
    expect(servers).toEqual([]);
  });

  test("one RunHistory server over the store, offered unless the tool policy denies RunHistory", () => {
    const artifactsDir = join(tempDir("run-history-servers-"), "artifacts");
    const store = openRunStore({ file: join(artifactsDir, "runs.sqlite") });
    try {
      const offered = (policy: Parameters<typeof createToolPolicy>[0]) =>
        runHistoryToolServers({
          loaded: loadedAt(artifactsDir),
          env: {},
          policy: createToolPolicy(policy),
          store,
        }).map((server) => [server.serverName, server.isOffered()]);
      expect(offered({})).toEqual([["mono-agent-run-history", true]]);
      expect(offered({ disallowedTools: ["RunHistory"] })).toEqual([["mono-agent-run-history", false]]);
      expect(offered({ allowedTools: ["Read"] })).toEqual([["mono-agent-run-history", false]]);
    } finally {
      store.close();
    }
  });
});
