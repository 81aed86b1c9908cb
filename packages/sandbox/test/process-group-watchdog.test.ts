import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { spawnProcessGroup } from "../src/node/index.js";

const env = { PATH: "/usr/bin:/bin" };

function closed(child: ReturnType<typeof spawnProcessGroup>) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
}

describe("spawnProcessGroup", () => {
  it("runs the command as the group leader with its stdio and exit code unchanged", async () => {
    const child = spawnProcessGroup("sh", ["-c", 'read line; echo "got $line"; echo err >&2; exit 3'], {
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin?.end("hello\n");
    const started = Date.now();
    expect(await closed(child)).toEqual({ code: 3, signal: null });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stdout).toBe("got hello\n");
    expect(stderr).toBe("err\n");
  });

  it("ends what the command leaves in its group once it exits, so close follows at once", async () => {
    const child = spawnProcessGroup("sh", ["-c", "sleep 30 & echo $!"], {
      env,
      stdio: ["ignore", "pipe", "ignore"],
    });
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const started = Date.now();
    await closed(child);
    expect(Date.now() - started).toBeLessThan(5_000);
    const straggler = Number(stdout.trim());
    // Killed with the group: gone, or a zombie until its new parent reaps it.
    const state = () => {
      try {
        return readFileSync(`/proc/${straggler}/stat`, "utf8").split(") ")[1]?.[0];
      } catch {
        return "gone";
      }
    };
    // Its pipes close while it exits, so give the kernel a moment to finish the exit.
    const deadline = Date.now() + 2_000;
    while (!["gone", "Z"].includes(state() ?? "") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(["gone", "Z"]).toContain(state());
  });

  it("a command that does not exist throws spawn ENOENT before anything starts", () => {
    expect(() =>
      spawnProcessGroup("no-such-command-here", [], { env, stdio: ["ignore", "ignore", "ignore"] }),
    ).toThrow(/spawn no-such-command-here ENOENT/);
  });
});
