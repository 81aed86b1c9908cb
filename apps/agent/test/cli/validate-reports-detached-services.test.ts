import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface Line {
  status: string;
  message: string;
  code?: string;
  jsonPath?: string;
  suggestion?: string;
}

function continuationsSection(cwd: string, env: Record<string, string> = {}) {
  const result = runCli(["validate", "--json"], { cwd, env });
  const report = JSON.parse(result.stdout) as { sections: { id: string; status: string; lines: Line[] }[] };
  return { result, section: report.sections.find((entry) => entry.id === "continuations") };
}

describe("validate's continuations section", () => {
  const config = {
    runtime: { model: "demo:demo" },
    continuations: {
      namedRoutes: { ops: { mode: "notify_if_actionable", conversationId: "cli:ops" } },
      detachedServices: [
        { name: "ci", tokenEnv: "CI_RUNNER_TOKEN" },
        { name: "backup", tokenEnv: "BACKUP_TOKEN" },
      ],
      retention: { capturedTextMaxRecords: 10 },
    },
  };

  test("names each detached service and its variable, set or not, never the bearer; shows the operator API and retention", () => {
    const dir = makeAgentFolder(config);
    const bearer = "ci-runner-bearer-0123456789";
    const { result, section } = continuationsSection(dir, { CI_RUNNER_TOKEN: bearer, BACKUP_TOKEN: "tiny" });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).not.toContain(bearer);
    expect(section?.status).toBe("error");
    const ci = section?.lines.find((line) => line.message.startsWith("Detached service ci:"));
    expect(ci).toMatchObject({ status: "ok" });
    expect(ci?.message).toContain("CI_RUNNER_TOKEN (set)");
    const backup = section?.lines.find((line) => line.message.startsWith("Detached service backup:"));
    expect(backup).toMatchObject({
      status: "error",
      code: "continuations_service_token",
      jsonPath: "continuations.detachedServices[1].tokenEnv",
    });
    expect(backup?.message).toContain("BACKUP_TOKEN holds fewer than 16 characters");
    const messages = section?.lines.map((line) => line.message).join("\n") ?? "";
    expect(messages).toContain("Operator API: http://127.0.0.1:4319/v1/operator/health");
    expect(messages).toContain("operator.token");
    expect(messages).toContain("captured text up to 10 and 30 days");

    const human = runCli(["validate"], { cwd: dir, env: { CI_RUNNER_TOKEN: bearer } });
    expect(human.stdout).toContain("BACKUP_TOKEN is not set");
    expect(human.stdout).not.toContain(bearer);
  });

  test("detached services without any named route are a warning", () => {
    const dir = makeAgentFolder({
      runtime: { model: "demo:demo" },
      continuations: { detachedServices: [{ name: "ci", tokenEnv: "CI_RUNNER_TOKEN" }] },
    });
    const { result, section } = continuationsSection(dir, { CI_RUNNER_TOKEN: "ci-runner-bearer-0123456789" });
    expect(result.exitCode).toBe(0);
    expect(section?.lines.find((line) => line.code === "continuations_no_named_routes")?.status).toBe(
      "warning",
    );
  });
});
