// The engine probe asks bwrap for its version and makes the first trial sandbox at the same time (one
// engine start less on the way to validate's report and a run's first turn), and still reads both.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { probeSandboxEngine } from "../src/node/index.js";

describe("the sandbox engine probe", () => {
  test("--version and the first trial overlap; the answer reads both", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-bwrap-"));
    const log = join(dir, "log");
    const fake = join(dir, "bwrap");
    // Each call logs its start, waits a second, then logs its end.
    writeFileSync(
      fake,
      `#!/bin/sh\nif [ "$1" = "--version" ]; then what=version; else what=trial; fi\necho "$what-start" >> "${log}"\nsleep 1\necho "$what-end" >> "${log}"\n[ "$what" = version ] && echo "bubblewrap 9.9.9"\nexit 0\n`,
    );
    chmodSync(fake, 0o755);
    const status = await probeSandboxEngine({ bwrapPath: fake });
    expect(status).toMatchObject({
      available: true,
      userNamespaces: true,
      version: "bubblewrap 9.9.9",
      path: fake,
    });
    const events = readFileSync(log, "utf8").trim().split("\n");
    // Both started before either ended.
    expect(events.slice(0, 2).sort()).toEqual(["trial-start", "version-start"]);
  });
});
