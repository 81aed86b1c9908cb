import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkConfig } from "../src/check.js";
import {
  diagnoseMonoAgentConfig,
  loadMonoAgentConfig,
  MonoAgentConfigError,
  readBoundedFile,
  readBoundedFileSync,
} from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

/** A value only this process's environment holds: it must never show up in an error. */
const ENV_MARKER = "env-marker-4b1d9c";
process.env["PSEUDO_FILE_TEST_MARKER"] = ENV_MARKER;

async function loadError(options: Parameters<typeof loadMonoAgentConfig>[0]): Promise<MonoAgentConfigError> {
  const error = await loadMonoAgentConfig(options).catch((caught: unknown) => caught);
  if (!MonoAgentConfigError.isInstance(error))
    throw new Error(`expected a MonoAgentConfigError, got ${String(error)}`);
  return error;
}

describe("config reads refuse the kernel's pseudo-files", () => {
  it("refuses /proc, /sys and /dev files before reading a byte; /dev/null still reads empty", async () => {
    for (const path of ["/proc/self/environ", "/proc/version", "/sys/kernel/address_bits", "/dev/zero"]) {
      const read = await readBoundedFile(path, 1024);
      expect(read.status, path).toBe("refused");
      expect(readBoundedFileSync(path, 1024).status, path).toBe("refused");
      if (read.status === "refused")
        expect(read.problem).toContain(path === "/dev/zero" ? "a device" : "a pseudo-file of the kernel");
    }
    expect(await readBoundedFile("/dev/null", 1024)).toEqual({ status: "read", bytes: Buffer.alloc(0) });
  });

  it("tools.mcpConfigPath /proc/self/environ fails to load without echoing it, directly or through a symlink", async () => {
    const agentDir = await makeAgentFolder({ "mono-agent.config.json": {} });
    await symlink("/proc/self/environ", join(agentDir, "mcp.json"));
    for (const mcpConfigPath of ["/proc/self/environ", "mcp.json"]) {
      const error = await loadError({
        cwd: agentDir,
        env: {},
        config: { tools: { mcpConfigPath } },
      });
      expect(error.message).toContain("a pseudo-file of the kernel under /proc");
      expect(error.message).not.toContain(ENV_MARKER);
      expect(error.message).not.toMatch(/PATH=|HOME=/);
    }
  });

  it("runtime.instructions /proc/self/environ is an error in validate naming the cause, not the content", async () => {
    const agentDir = await makeAgentFolder({});
    const config = { runtime: { instructions: "/proc/self/environ" } };
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {}, config });
    const { issues } = await diagnoseMonoAgentConfig({ cwd: agentDir, env: {}, config });
    const lines = checkConfig(loaded, issues, { maxInstructionsBytes: 65_536 });
    const line = lines.find((entry) => entry.code === "instructions_unreadable");
    expect(line?.status).toBe("error");
    expect(line?.message).toContain("/proc/self/environ is a pseudo-file of the kernel under /proc");
    expect(JSON.stringify(lines)).not.toContain(ENV_MARKER);
  });

  it("a config that is no JSON is refused without quoting it", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": `PSEUDO_SECRET=${ENV_MARKER}\n`,
      "mcp.json": `{"mcpServers": {"a": ${ENV_MARKER}}}`,
    });
    const config = await loadError({ cwd: agentDir, env: {} });
    expect(config.code).toBe("config_invalid_json");
    expect(config.message).not.toContain(ENV_MARKER);
    expect(config.message).not.toContain("PSEUDO_SECRET");
    const mcp = await loadError({ cwd: agentDir, env: {}, config: { tools: { mcpConfigPath: "mcp.json" } } });
    expect(mcp.message).toContain("is not valid JSON");
    expect(mcp.message).not.toContain(ENV_MARKER);
  });
});
