import { lstatSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  type AllowedAttachments,
  allowedAttachmentsFromEnv,
  injectMcpRequestContext,
  McpEnvError,
  readAllowedAttachment,
  stageAttachments,
} from "../src/index.js";

function attachmentsRoot(): string {
  return join(mkdtempSync(join(tmpdir(), "mcp-env-attach-")), "attachments");
}

async function rejection(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return McpEnvError.isInstance(error) ? error.code : undefined;
}

/** The allowed lists exactly as a server reads them from the env the overlay wrote. */
function allowedAsServerSees(staged: Awaited<ReturnType<typeof stageAttachments>>): AllowedAttachments {
  const [server] = injectMcpRequestContext([{ name: "s", transport: "stdio" as const, env: {} }], {
    serverNames: ["s"],
    context: {
      conversationId: "cli:default",
      runId: "r",
      runOutputDir: "/unused",
      attachmentsRoot: staged.root,
      attachments: staged.saved,
    },
  });
  return allowedAttachmentsFromEnv(server?.env ?? {});
}

describe("attachment staging and the allowed-attachment helper", () => {
  test("staged files are 0600 in 0700 directories and the helper accepts them", async () => {
    const root = attachmentsRoot();
    const source = join(dirname(root), "notes.txt");
    writeFileSync(source, "from a file");
    const staged = await stageAttachments({
      attachmentsRoot: root,
      conversationId: "telegram:42#2026-07-12",
      runId: "run-1",
      attachments: [{ path: source }, { name: "raw.bin", data: new Uint8Array([1, 2, 3]) }],
    });
    expect(staged.failed).toEqual([]);
    expect(staged.saved.map((item) => item.path.slice(staged.root.length))).toEqual([
      expect.stringMatching(/^\/telegram_42_2026-07-12-[0-9a-f]{16}\/run-1\/notes\.txt$/),
      expect.stringMatching(/\/run-1\/raw\.bin$/),
    ]);
    const first = staged.saved[0]!;
    expect(lstatSync(first.path).mode & 0o777).toBe(0o600);
    expect(lstatSync(dirname(first.path)).mode & 0o777).toBe(0o700);
    expect(lstatSync(dirname(dirname(first.path))).mode & 0o777).toBe(0o700);
    expect(first.ino).toBe(Number(lstatSync(first.path, { bigint: true }).ino));
    const allowed = allowedAsServerSees(staged);
    expect((await readAllowedAttachment(first.path, allowed)).toString()).toBe("from a file");
  });

  test("a file swapped in at the same path after staging is rejected", async () => {
    const staged = await stageAttachments({
      attachmentsRoot: attachmentsRoot(),
      conversationId: "cli:default",
      runId: "run-1",
      attachments: [{ name: "report.pdf", data: new TextEncoder().encode("original") }],
    });
    const allowed = allowedAsServerSees(staged);
    const path = staged.saved[0]!.path;
    renameSync(path, `${path}.old`);
    writeFileSync(path, "impostor");
    expect(await rejection(readAllowedAttachment(path, allowed))).toBe("attachment_not_allowed");
  });

  test("a symlink swapped in at the same path is rejected", async () => {
    const staged = await stageAttachments({
      attachmentsRoot: attachmentsRoot(),
      conversationId: "cli:default",
      runId: "run-1",
      attachments: [{ name: "a.txt", data: new TextEncoder().encode("original") }],
    });
    const allowed = allowedAsServerSees(staged);
    const path = staged.saved[0]!.path;
    renameSync(path, `${path}.old`);
    symlinkSync(`${path}.old`, path);
    expect(await rejection(readAllowedAttachment(path, allowed))).toBe("attachment_not_allowed");
  });

  test("paths from the previous run of the same conversation are rejected", async () => {
    const root = attachmentsRoot();
    const stage = (runId: string, text: string) =>
      stageAttachments({
        attachmentsRoot: root,
        conversationId: "cli:default",
        runId,
        attachments: [{ name: "a.txt", data: new TextEncoder().encode(text) }],
      });
    const previous = await stage("run-1", "first");
    const current = await stage("run-2", "second");
    const allowed = allowedAsServerSees(current);
    expect(allowed.paths).toEqual([current.saved[0]!.path]);
    expect(await rejection(readAllowedAttachment(previous.saved[0]!.path, allowed))).toBe(
      "attachment_not_allowed",
    );
    expect(readFileSync(previous.saved[0]!.path, "utf8")).toBe("first");
  });

  test("a failed save is reported and never allowed; no attachments give empty lists", async () => {
    const root = attachmentsRoot();
    const staged = await stageAttachments({
      attachmentsRoot: root,
      conversationId: "cli:default",
      runId: "run-1",
      attachments: [
        { path: join(dirname(root), "missing.txt") },
        { name: "ok.txt", data: new Uint8Array([65]) },
      ],
    });
    expect(staged.failed.map((item) => item.name)).toEqual(["missing.txt"]);
    expect(staged.saved).toHaveLength(1);
    const none = await stageAttachments({
      attachmentsRoot: root,
      conversationId: "cli:x",
      runId: "run-2",
      attachments: [],
    });
    expect(allowedAsServerSees(none)).toEqual({ paths: [], identities: [] });
  });

  test("a malformed attachment list is refused with invalid_attachment", async () => {
    const attempt = stageAttachments({
      attachmentsRoot: attachmentsRoot(),
      conversationId: "cli:default",
      runId: "run-1",
      attachments: [{ name: "x" } as never],
    });
    expect(await rejection(attempt)).toBe("invalid_attachment");
  });

  test("malformed allowed lists in the env are an invalid_argument error", () => {
    expect(() => allowedAttachmentsFromEnv({ MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS: "{" })).toThrow(
      /not JSON/,
    );
    expect(allowedAttachmentsFromEnv({})).toEqual({ paths: [], identities: [] });
  });
});
