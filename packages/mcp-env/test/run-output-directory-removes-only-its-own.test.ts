import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createRunOutputDirectory, McpEnvError } from "../src/index.js";

function artifacts(): string {
  return join(mkdtempSync(join(tmpdir(), "mcp-env-outbound-")), "artifacts");
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return McpEnvError.isInstance(error) ? error.code : undefined;
}

describe("createRunOutputDirectory", () => {
  test("creates outbound/<runId> with mode 0700 and removes it with its contents", async () => {
    const root = join(artifacts(), "outbound");
    const directory = await createRunOutputDirectory({ outboundRoot: root, runId: "run-1" });
    expect(directory.path).toBe(join(root, "run-1"));
    expect(lstatSync(root).mode & 0o777).toBe(0o700);
    expect(lstatSync(directory.path).mode & 0o777).toBe(0o700);
    writeFileSync(join(directory.path, "out.txt"), "result");
    expect(await directory.remove()).toBe("removed");
    expect(existsSync(directory.path)).toBe(false);
    expect(await directory.remove()).toBe("removed");
  });

  test("a directory swapped in at the same path survives cleanup", async () => {
    const root = join(artifacts(), "outbound");
    const directory = await createRunOutputDirectory({ outboundRoot: root, runId: "run-2" });
    renameSync(directory.path, join(root, "moved-away"));
    mkdirSync(directory.path);
    writeFileSync(join(directory.path, "keep.txt"), "not yours");
    expect(await directory.remove()).toBe("replaced");
    expect(readFileSync(join(directory.path, "keep.txt"), "utf8")).toBe("not yours");
    expect(existsSync(join(root, "moved-away"))).toBe(true);
  });

  test("a symlink at the run directory's path refuses with unsafe_run_output and deletes nothing", async () => {
    const root = join(artifacts(), "outbound");
    const target = mkdtempSync(join(tmpdir(), "mcp-env-target-"));
    writeFileSync(join(target, "precious.txt"), "keep me");
    mkdirSync(root, { recursive: true });
    symlinkSync(target, join(root, "run-3"));
    expect(await refusal(createRunOutputDirectory({ outboundRoot: root, runId: "run-3" }))).toBe(
      "unsafe_run_output",
    );
    expect(lstatSync(join(root, "run-3")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(target, "precious.txt"), "utf8")).toBe("keep me");
  });

  test("a symlinked outbound root or a file in the way refuses with unsafe_run_output", async () => {
    const dir = artifacts();
    const target = mkdtempSync(join(tmpdir(), "mcp-env-target-"));
    mkdirSync(dir, { recursive: true });
    symlinkSync(target, join(dir, "outbound"));
    expect(await refusal(createRunOutputDirectory({ outboundRoot: join(dir, "outbound"), runId: "r" }))).toBe(
      "unsafe_run_output",
    );
    const other = join(artifacts(), "outbound");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "r"), "a file");
    expect(await refusal(createRunOutputDirectory({ outboundRoot: other, runId: "r" }))).toBe(
      "unsafe_run_output",
    );
    expect(readFileSync(join(other, "r"), "utf8")).toBe("a file");
  });

  test("a run id that is not path-safe is refused with invalid_run_id", async () => {
    const root = join(artifacts(), "outbound");
    expect(await refusal(createRunOutputDirectory({ outboundRoot: root, runId: "../escape" }))).toBe(
      "invalid_run_id",
    );
    expect(existsSync(root)).toBe(false);
  });
});
