import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

test("the README example runs as written (against the built package) and does what its comments say", () => {
  const readme = readFileSync(`${PACKAGE_DIR}README.md`, "utf8");
  const example = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  // Run from the package folder, so "@mono-agent/tools" resolves to this package itself (dist/).
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", example ?? ""], {
    cwd: PACKAGE_DIR,
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout.trim()).toBe("url_refused");
});
