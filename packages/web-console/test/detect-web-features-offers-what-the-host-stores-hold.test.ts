// What the console can show of a host: asks and deliveries always, the runs page from run-history's store,
// the memory page only with a memory folder; the stores' files sit beside the artifacts folder.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startInteractionHost } from "@mono-agent/interaction/host";
import { afterEach, describe, expect, test } from "vitest";
import { webThreadStoreFile as checkThreadStoreFile } from "../src/check.js";
import { detectWebFeatures, webThreadStoreFile } from "../src/node.js";

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function hostFolder() {
  const root = mkdtempSync(join(tmpdir(), "web-features-"));
  const artifactsDir = join(root, ".mono-agent", "artifacts");
  mkdirSync(artifactsDir, { recursive: true });
  const interaction = startInteractionHost({
    artifactsDir,
    config: { interaction: { askUser: { timeoutMs: null } } },
  });
  closers.push(() => interaction.close());
  return {
    root,
    artifactsDir,
    interaction,
    conversationsFile: join(root, ".mono-agent", "conversations.sqlite"),
  };
}

describe("detectWebFeatures", () => {
  test("without a memory folder: asks, deliveries and an empty runs page, no memory page", async () => {
    const host = hostFolder();
    const features = await detectWebFeatures(host);
    expect(Object.keys(features).sort()).toEqual(["asks", "deliveries", "runs"]);
    expect(features.asks?.list("web:thread-1")).toEqual([]);
    expect(await features.deliveries?.("web:thread-1")).toEqual([]);
    expect(await features.runs?.listRecent(10)).toEqual([]);
  });

  test("with a memory folder: the memory page reads it", async () => {
    const host = hostFolder();
    const memoryDir = join(host.root, "memory");
    mkdirSync(memoryDir);
    const features = await detectWebFeatures({ ...host, memoryDir });
    const overview = await features.memory?.overview();
    expect(overview?.today).toEqual([]);
    expect(overview?.stats.memories).toBe(0);
  });
});

describe("webThreadStoreFile", () => {
  test("the web threads sit beside the artifacts folder, the same from ./check and ./node", () => {
    const artifactsDir = join("/agent", ".mono-agent", "artifacts");
    expect(webThreadStoreFile(artifactsDir)).toBe(join("/agent", ".mono-agent", "web-threads.sqlite"));
    expect(checkThreadStoreFile(artifactsDir)).toBe(webThreadStoreFile(artifactsDir));
  });
});
