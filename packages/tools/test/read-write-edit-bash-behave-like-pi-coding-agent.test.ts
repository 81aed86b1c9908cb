// Read, Write, Edit and Bash are our own code (so a run does not load pi-coding-agent and its TUI), but a
// model tuned on pi's tools must meet the same tools: same parameters, bounds, notices and error messages.
// pi-coding-agent is a devDependency for this comparison only; nothing at runtime imports it.
import { linkSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFileAccess,
  createFileTool,
  createSandboxedBashTool,
  openWorkspace,
} from "../src/node/index.js";

let workspace: string;
let ours: Record<"Read" | "Write" | "Edit" | "Bash", AgentTool>;
let theirs: Record<"Read" | "Write" | "Edit" | "Bash", AgentTool>;

/** pi-coding-agent 1.x needs Node 22.19+ (it imports `globSync` from node:fs); Node 20 is no longer supported. */
const PI_CODING_AGENT_LOADS = "globSync" in (await import("node:fs"));

beforeAll(async () => {
  if (!PI_CODING_AGENT_LOADS) return;
  const pi = await import("@earendil-works/pi-coding-agent");
  workspace = realpathSync(mkdtempSync(join(tmpdir(), "pi-parity-")));
  const files = createFileAccess({ workspace: openWorkspace(workspace) });
  ours = {
    Read: createFileTool("Read", files),
    Write: createFileTool("Write", files),
    Edit: createFileTool("Edit", files),
    // sandbox.mode off: the comparison is about output and messages; confinement has its own tests.
    Bash: createSandboxedBashTool({
      workspaceDir: workspace,
      env: { PATH: process.env["PATH"] },
      sandbox: { ...DEFAULT_SANDBOX_CONFIG, mode: "off" },
    }) as unknown as AgentTool,
  };
  theirs = {
    Read: pi.createReadTool(workspace) as unknown as AgentTool,
    Write: pi.createWriteTool(workspace) as unknown as AgentTool,
    Edit: pi.createEditTool(workspace) as unknown as AgentTool,
    Bash: pi.createBashTool(workspace) as unknown as AgentTool,
  };
}, 120_000); // pi-coding-agent loads its TUI stack: seconds on a busy machine

afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

/** A tool's text, or its error message; temp file names made comparable. */
async function outcome(tool: AgentTool, params: Record<string, unknown>): Promise<string> {
  const prepared = tool.prepareArguments ? tool.prepareArguments(params) : params;
  return tool.execute("call", prepared as never).then(
    (result) =>
      result.content.map((part) => (part.type === "text" ? part.text : `[${part.mimeType}]`)).join("|"),
    (error: Error) => `error: ${error.message}`,
  );
}
const comparable = (text: string) => text.replace(/\/\S+\.log\b/g, "<full output file>");

/**
 * JSON of a parameter schema without its prose (we word the descriptions ourselves), keys sorted. Ours are
 * closed (`additionalProperties: false`, pi-schema's `obj()`): an argument a tool does not define is refused,
 * where pi 1.6 ignores it. That one keyword is the deliberate difference; everything else must match.
 */
const shape = (tool: AgentTool) =>
  JSON.stringify(sortKeys(tool.parameters), (key, value) =>
    key === "description" || key === "additionalProperties" ? undefined : value,
  );
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** A solid-colour RGB PNG of the given size. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.skipIf(!PI_CODING_AGENT_LOADS)("Read, Write, Edit and Bash keep pi-coding-agent's contract", () => {
  it("take the same parameters under the seed page's names", () => {
    for (const name of ["Read", "Write", "Edit", "Bash"] as const) {
      expect(ours[name].name).toBe(name);
      expect(shape(ours[name]), name).toBe(shape(theirs[name]));
    }
  });

  it("Read pages text within 2,000 lines / 50 KiB with the same notices", async () => {
    writeFileSync(
      join(workspace, "long.txt"),
      Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join("\n"),
    );
    writeFileSync(join(workspace, "wide.txt"), `${"x".repeat(60_000)}\nshort`);
    writeFileSync(
      join(workspace, "heavy.txt"),
      Array.from({ length: 1000 }, () => "y".repeat(100)).join("\n"),
    );
    const calls = [
      { path: "long.txt" },
      { path: "long.txt", offset: 2400 },
      { path: "long.txt", offset: 10, limit: 5 },
      { path: "long.txt", offset: 9999 },
      { path: "wide.txt" },
      { path: "heavy.txt" },
    ];
    for (const call of calls) {
      expect(await outcome(ours.Read, call), JSON.stringify(call)).toBe(await outcome(theirs.Read, call));
    }
    expect(await outcome(ours.Read, { path: "missing.txt" })).toMatch(/^error: ENOENT: no such file/);
    expect(await outcome(ours.Read, { path: "long.txt" })).toContain(
      "[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]",
    );
  });

  it("Read attaches an image, scaled down when it is over 2,000 px", async () => {
    writeFileSync(join(workspace, "small.png"), png(4, 3));
    writeFileSync(join(workspace, "wide.png"), png(2400, 10));
    for (const path of ["small.png", "wide.png"]) {
      expect(await outcome(ours.Read, { path })).toBe(await outcome(theirs.Read, { path }));
    }
    const wide = await ours.Read.execute("call", { path: "wide.png" } as never);
    expect(wide.content[0]).toMatchObject({
      text: expect.stringContaining("original 2400x10, displayed at 2000x8"),
    });
    expect(wide.content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
  });

  it("Write and Edit answer alike, keep BOM and CRLF, and refuse with pi's messages", async () => {
    // pi 1.6 dropped the byte count from Write's answer; ours keeps it (one more fact for the model).
    expect(await outcome(ours.Write, { path: "ours/new.txt", content: "héllo" })).toBe(
      "Successfully wrote 5 bytes to ours/new.txt",
    );
    expect(await outcome(theirs.Write, { path: "theirs/new.txt", content: "héllo" })).toBe(
      "Successfully wrote to theirs/new.txt",
    );
    const original = "\uFEFFa \u201cquoted\u201d line  \r\nfoo\r\nfoo\r\nbar\r\n";
    const calls: Array<Record<string, unknown>> = [
      { edits: [{ oldText: "foo", newText: "x" }] },
      { edits: [{ oldText: "zzz", newText: "x" }] },
      { edits: [{ oldText: "bar", newText: "bar" }] },
      { edits: [{ oldText: "", newText: "x" }] },
      { edits: [] },
      {
        edits: [
          { oldText: "zzz", newText: "x" },
          { oldText: "bar", newText: "y" },
        ],
      },
      {
        edits: [
          { oldText: "foo\nfoo", newText: "x" },
          { oldText: "foo\nbar", newText: "y" },
        ],
      },
      { edits: JSON.stringify([{ oldText: "bar", newText: "baz" }]) },
      { oldText: 'a "quoted" line\nfoo', newText: "A\nfoo" },
    ];
    for (const call of calls) {
      writeFileSync(join(workspace, "ours.txt"), original);
      writeFileSync(join(workspace, "theirs.txt"), original);
      const mine = await outcome(ours.Edit, { path: "ours.txt", ...call });
      const pis = await outcome(theirs.Edit, { path: "theirs.txt", ...call });
      expect(mine.replace("ours.txt", "F"), JSON.stringify(call)).toBe(pis.replace("theirs.txt", "F"));
      expect(readFileSync(join(workspace, "ours.txt"), "utf8")).toBe(
        readFileSync(join(workspace, "theirs.txt"), "utf8"),
      );
    }
    expect(readFileSync(join(workspace, "ours.txt"), "utf8")).toBe("\uFEFFA\r\nfoo\r\nfoo\r\nbar\r\n");
  });

  it("Edit passes on our own refusals whole (code and fix), where pi would say only the code", async () => {
    writeFileSync(join(workspace, "linked.txt"), "one\n");
    linkSync(join(workspace, "linked.txt"), join(workspace, "second-name.txt"));
    const refusal = await ours.Edit.execute("call", {
      path: "linked.txt",
      edits: [{ oldText: "one", newText: "two" }],
    } as never).catch((error: Error & { code?: string }) => error);
    expect(refusal).toMatchObject({ code: "path_unsafe", message: expect.stringContaining("hard link") });
    expect(readFileSync(join(workspace, "linked.txt"), "utf8")).toBe("one\n");
  });

  it("Bash keeps the tail of long output with the same notices, exit codes and timeouts", async () => {
    const calls = [
      { command: "echo hi" },
      { command: "true" },
      { command: "echo err >&2; exit 3" },
      { command: "seq 1 3000" },
      { command: "head -c 70000 /dev/zero | tr '\\0' x" },
      { command: "seq 1 20000 | sed 's/$/ abcdefghij/'" },
      { command: "echo start; sleep 5", timeout: 1 },
    ];
    for (const call of calls) {
      const mine = comparable(await outcome(ours.Bash, call));
      const pis = comparable(await outcome(theirs.Bash, call));
      // pi 1.6 answers a non-zero exit as a plain result; ours marks it a tool error (the model sees
      // isError). The text must be the same either way.
      if (call.command.includes("exit 3")) {
        expect(mine, call.command).toBe(`error: ${pis}`);
        continue;
      }
      expect(mine, call.command).toBe(pis);
    }
    const long = await ours.Bash.execute("call", { command: "seq 1 3000" } as never);
    const saved = (long.details as { fullOutputPath: string }).fullOutputPath;
    expect(readFileSync(saved, "utf8").split("\n")).toHaveLength(3001);
    rmSync(saved, { force: true });
  });

  it("Bash streams output while the command runs", async () => {
    const updates: string[] = [];
    const result = await ours.Bash.execute(
      "call",
      { command: "echo first; while [ ! -e go ]; do sleep 0.05; done; echo second" } as never,
      undefined,
      (partial) => {
        const text = partial.content.map((part) => (part.type === "text" ? part.text : "")).join("");
        updates.push(text);
        if (text.includes("first")) writeFileSync(join(workspace, "go"), "");
      },
    );
    expect(updates.some((text) => text.includes("first") && !text.includes("second"))).toBe(true);
    expect(result.content[0]).toMatchObject({ text: "first\nsecond\n" });
  });
});
