import { describe, expect, it } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

function sandboxSection(config: Record<string, unknown>, env: Record<string, string> = {}) {
  const dir = makeAgentFolder({ runtime: { model: "demo:demo" }, ...config });
  const result = runCli(["validate", "--json"], { cwd: dir, env });
  const report = JSON.parse(result.stdout);
  const section = report.sections.find((entry: { id: string }) => entry.id === "sandbox");
  return {
    result,
    report,
    section,
    dir,
    text: section.lines.map((line: { message: string }) => line.message).join("\n"),
  };
}

describe("the Sandbox section of mono-agent validate", () => {
  it("by default: the engine found and working, native mode, no network, the workspace as root, the denyWrite list", () => {
    const { result, section, text, dir } = sandboxSection({});
    expect(result.exitCode, result.stderr).toBe(0);
    expect(section).toMatchObject({ id: "sandbox", label: "Sandbox", status: "ok" });
    expect(text).toMatch(/Engine: bubblewrap \d[\d.]* at \S*bwrap, working here/);
    expect(text).toContain("Mode: native");
    expect(text).toContain("Network: none (no network at all");
    expect(text).toContain(`Writable roots: ${dir}.`);
    expect(text).toContain(
      "denyWrite (read-only inside writable roots): .env, .env.*, .git/config, .git/hooks/**.",
    );
  });

  it(".git is read-only by default; sandbox.allowGitWrites is a warning saying exactly what it opens", () => {
    const { text } = sandboxSection({});
    expect(text).toContain(
      "Git: .git of each writable root is read-only to Bash, Exec, NodeRepl, Write and Edit",
    );
    const opened = sandboxSection({ sandbox: { allowGitWrites: true } });
    expect(opened.result.exitCode).toBe(0);
    expect(opened.section.status).toBe("warning");
    const line = opened.section.lines.find(
      (entry: { code?: string }) => entry.code === "sandbox_git_writable",
    );
    expect(line.message).toContain(".git/commondir, config.worktree, info/, worktrees/*, modules/*");
    expect(line.message).toContain("run its code on the host, outside the sandbox");
  });

  it('mode "off" warns and says exactly what is unconfined', () => {
    const { result, section } = sandboxSection({ sandbox: { mode: "off" } });
    expect(result.exitCode).toBe(0);
    expect(section.status).toBe("warning");
    const line = section.lines.find((entry: { code?: string }) => entry.code === "sandbox_off");
    expect(line.message).toContain("reads and writes every file that user can");
    expect(line.message).toContain("reaches every network");
    expect(line.message).toContain("sees the host's processes in /proc");
    expect(line.suggestion).toContain('"native"');
  });

  it("a missing engine is a warning naming how to install it; the unsafe fallback is a warning of its own", () => {
    const missing = sandboxSection({}, { PATH: "/nonexistent" });
    expect(missing.section.status).toBe("warning");
    expect(missing.text).toContain("apt-get install bubblewrap");
    expect(missing.text).toContain("every Bash command fails with sandbox_prepare_failed");
    const unsafe = sandboxSection(
      { sandbox: { fallback: "unsafe-host-process", unsafeAllowHostProcess: true } },
      { PATH: "/nonexistent" },
    );
    expect(unsafe.text).toContain("Bash runs unconfined until then");
    expect(unsafe.section.lines.map((line: { code?: string }) => line.code)).toContain(
      "sandbox_unsafe_fallback",
    );
  });

  it("names the allowlist, warns on roots that do not exist, and is off when Bash is not offered", () => {
    const listed = sandboxSection({
      sandbox: {
        network: { mode: "allowlist", allowlist: ["registry.npmjs.org"] },
        readableRoots: [".", "missing-dir"],
      },
    });
    expect(listed.text).toContain(
      "Network: allowlist, only through the sandbox's HTTP(S) proxy to registry.npmjs.org",
    );
    expect(listed.section.lines.map((line: { code?: string }) => line.code)).toContain(
      "sandbox_root_missing",
    );
    const withheld = sandboxSection({ tools: { disallowedTools: ["Bash"] } });
    expect(withheld.section.status).toBe("disabled");
    expect(withheld.text).toContain("Bash is not offered");
  });

  it("an unsafe fallback without unsafeAllowHostProcess is a config error", () => {
    const { result, report } = sandboxSection({ sandbox: { fallback: "unsafe-host-process" } });
    expect(result.exitCode).toBe(1);
    expect(JSON.stringify(report)).toContain("sandbox.unsafeAllowHostProcess");
  });
});
