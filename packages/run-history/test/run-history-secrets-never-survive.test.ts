import { join } from "node:path";
import { createSecretScanner, OMISSION_MARKERS } from "@mono-agent/evidence";
import { afterEach, describe, expect, test } from "vitest";
import {
  assistant,
  HOST_SECRET,
  openRunHistoryHarness,
  type ResultBody,
  toolResult,
} from "./run-history-harness.js";

const harnesses: ReturnType<typeof openRunHistoryHarness>[] = [];
afterEach(async () => {
  for (const opened of harnesses.splice(0)) await opened.closeAll();
});

/** Secrets of every shape the scanner knows, and the host's configured credential. */
const SECRETS = [
  "sk-proj-Abc123def456ghi789jkl012",
  "ghp_0123456789abcdefghijABCDEFGHIJ012345",
  "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
  "xoxb-1234567890-abcdefghij",
  "AKIAABCDEFGHIJKLMNOP",
  "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
  "-----BEGIN RSA PRIVATE KEY-----",
  HOST_SECRET,
] as const;
const PASSWORDS = ["hunter2-correct-horse", "s3cr3t-battery-staple"] as const;

describe("RunHistory: secrets, host paths and nested history never survive", () => {
  test("every response of a full exploration is scanned and holds none of them", async () => {
    const opened = openRunHistoryHarness();
    harnesses.push(opened);
    const { artifactsDir } = opened;
    const privatePath = join(artifactsDir, "tool-output", "run-leaky", "out-1.txt");
    await opened.seed({
      runId: "run-leaky",
      status: "interrupted",
      failureKind: "process_death",
      userInput: `deploy with key ${SECRETS[0]} from /home/alice/deploy.sh`,
      error: `crashed: password=${PASSWORDS[0]}`,
      finalOutput: `Used token ${SECRETS[1]} and wrote ${privatePath}`,
      warnings: [{ kind: "stderr", message: `AWS ${SECRETS[4]} at /Users/alice/.aws/credentials` }],
      events: [
        assistant(`Reading /home/alice/.ssh/config with ${SECRETS[3].slice(0, 12)}`, {
          id: "c1",
          name: "Bash",
          input: {
            command: `curl -H 'Authorization: Bearer ${SECRETS[2]}' https://example.test`,
            env: { SLACK_TOKEN: SECRETS[3], password: PASSWORDS[1] },
          },
        }),
        assistant(`${SECRETS[3].slice(12)} was the rest`),
        toolResult("c1", `export TELEGRAM=${SECRETS[5]}\n${SECRETS[6]}\nsecret: ${PASSWORDS[1]}`),
        assistant("", {
          id: "c2",
          name: "mcp__mono-agent-run-history__RunHistory",
          input: { query: "older" },
        }),
        toolResult(
          "c2",
          JSON.stringify({
            action: "list",
            runs: [{ runId: "older", trigger: `NESTED ${SECRETS[7]}` }],
            untrusted: true,
          }),
        ),
        assistant("", { id: "c3", name: "Read", input: { path: privatePath } }),
        toolResult("c3", `contents of ${artifactsDir}/run-older.events.jsonl: ${HOST_SECRET}`),
        {
          type: "runtime_warning",
          warning_kind: "stderr",
          message: `server printed ${SECRETS[7]} in /var/lib/app`,
        },
        {
          type: "run_failure",
          failure_kind: "process_death",
          message: `died holding api_key=${PASSWORDS[0]}`,
        },
      ],
    });
    const session = await opened.connect({ runId: "run-now" });
    const follow = async (body: ResultBody) => {
      for (const action of body.navigation?.nextActions ?? []) {
        if (action.kind === "list") continue;
        const next = await session.call(action.arguments);
        if (next.body.view === "timeline" && next.body.nextCursor) await follow(next.body);
      }
    };
    await follow((await session.call({})).body);
    await follow((await session.call({ query: "deploy key" })).body);
    await follow((await session.call({ runId: "run-leaky" })).body);
    const transcript = session.transcript.join("\n");
    expect(transcript).toContain(OMISSION_MARKERS.nestedHistoryResult);
    expect(transcript).toContain("[host-path]");
    for (const secret of [...SECRETS, ...PASSWORDS]) expect(transcript).not.toContain(secret);
    for (const fragment of [
      SECRETS[3].slice(0, 12),
      SECRETS[3].slice(12),
      "NESTED",
      "/home/alice",
      "/Users/alice",
      ".ssh",
      ".aws",
      artifactsDir,
      "tool-output/run-leaky",
      "run-older.events.jsonl",
      "/var/lib",
    ])
      expect(transcript).not.toContain(fragment);
    const scanner = createSecretScanner({ env: { SERVICE_API_KEY: HOST_SECRET } });
    const leftovers = session.transcript.flatMap((text) =>
      scanner.findSecrets(text).map((finding) => text.slice(finding.start, finding.end)),
    );
    // What the scanner still flags is only an assignment whose value is one of our own omission markers.
    for (const value of leftovers) expect(value).toMatch(/^\\?"?\[(?:secret omitted|redacted)/);
  });
});
