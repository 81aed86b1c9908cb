import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import { createToolPolicy } from "@mono-agent/policy";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
// The writer runs its bundled worker thread, which only the build has.
import { openSessionHistoryTools, sessionHistoryFile } from "../dist/sqlite/index.js";

function loadedAt(artifactsDir: string): LoadedConfig {
  return { artifactsDir, config: { runtime: {} } } as unknown as LoadedConfig;
}

describe("openSessionHistoryTools composes what a host adds to its runs", () => {
  test("one served SessionHistory server, offered by the tool policy, with the observer and the cold reseed", async () => {
    const loaded = loadedAt(join(tempDir("session-history-tools-"), "artifacts"));
    const served: { serverName: string; isOffered: () => boolean }[] = [];
    const tools = openSessionHistoryTools({
      loaded,
      env: {},
      policy: createToolPolicy({ disallowedTools: ["SessionHistory"] }),
      serve: (server) => {
        served.push(server);
        return server.serverName;
      },
    });
    if ("error" in tools) throw tools.error;
    try {
      expect(tools.file).toBe(sessionHistoryFile(loaded));
      expect(tools.appToolProviders).toEqual(["mono-agent-session-history"]);
      expect(served.map((server) => server.isOffered())).toEqual([false]);
      expect(tools.observers).toHaveLength(1);
      expect(tools.historyAugmenters).toHaveLength(1);
      expect(tools.recoveredAtStart).toBe(0);
    } finally {
      await tools.close();
    }
  });

  test("a sidecar that cannot be opened gives the error and nothing to add", async () => {
    const root = tempDir("session-history-tools-broken-");
    // The history folder is a file, so the sidecar cannot be created beneath it.
    mkdirSync(join(root, "artifacts"), { recursive: true });
    writeFileSync(join(root, "history"), "not a folder");
    const tools = openSessionHistoryTools({
      loaded: loadedAt(join(root, "artifacts")),
      env: {},
      policy: createToolPolicy({}),
      serve: () => "served",
    });
    expect("error" in tools ? tools.error : undefined).toBeInstanceOf(Error);
    expect(tools.appToolProviders).toEqual([]);
    expect(tools.observers).toEqual([]);
    expect(tools.historyAugmenters).toEqual([]);
    await tools.close();
  });
});
