import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { processAlive } from "../src/node.js";

describe("processAlive", () => {
  test("this process and pid 1 are alive; an exited child, 0, negatives and non-integers are not", () => {
    expect(processAlive(process.pid)).toBe(true);
    // pid 1 belongs to another user in most sandboxes: EPERM still means it exists.
    expect(processAlive(1)).toBe(true);
    const exited = spawnSync(process.execPath, ["-e", ""]).pid;
    expect(processAlive(exited)).toBe(false);
    for (const pid of [0, -1, 1.5, Number.NaN, "123", undefined, 2 ** 60])
      expect(processAlive(pid), String(pid)).toBe(false);
  });
});
