import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSensitivePathComponent, opaquePaths, opaquePathsInJson } from "../src/index.js";

describe("opaquePaths", () => {
  it.each([
    ["error at /home/alice/project/src/index.ts:12:5.", "error at [host-path]/src/index.ts:12:5."],
    ["cat ~/.ssh/id_ed25519", "cat [host-path]"],
    ["open ~bob/notes/todo.md", "open [host-path]/notes/todo.md"],
    ["C:\\Users\\bob\\repo\\main.py", "[host-path]/repo/main.py"],
    ["\\\\fileserver\\share\\reports\\q3.xlsx", "[host-path]/reports/q3.xlsx"],
    ["see file:///Users/ann/docs/plan.md)", "see [host-path]/docs/plan.md)"],
    ['{"cwd":"/srv/app/releases"}', '{"cwd":"[host-path]/app/releases"}'],
    ["(/var/log/app.log)", "([host-path]/log/app.log)"],
    ["PATH=/usr/local/bin:/usr/bin", "PATH=[host-path]/local/bin:[host-path]/usr/bin"],
    ["/work/.mono-agent/artifacts/run-abc.events.jsonl", "[host-path]"],
    ["/tmp/tool-output/run-42/out.txt", "[host-path]/out.txt"],
    ["/mcp/3f2b8c1e-9d4a-4e6f-8b7c-2a1d0e9f8c7b", "[host-path]/mcp"],
    ["/home/alice", "[host-path]"],
  ])("%s", (input, expected) => {
    expect(opaquePaths(input)).toBe(expected);
  });

  it("leaves web URLs, relative paths, code and markup alone", () => {
    for (const text of [
      "https://example.com/a/b?c=d#e",
      "http://127.0.0.1:4319/v1/progress",
      "src/index.ts and ./lib/util.js and ../x",
      "a / b and 3/4 and and/or",
      "// comment and /* block */",
      "</div><br/>",
      "git@github.com:org/repo.git",
    ]) {
      expect(opaquePaths(text), text).toBe(text);
    }
  });

  it("documents the sensitivity rule", () => {
    expect(isSensitivePathComponent("alice", "home", false)).toBe(true);
    expect(isSensitivePathComponent(".aws", undefined, false)).toBe(true);
    expect(isSensitivePathComponent("server.pem", "certs", false)).toBe(true);
    expect(isSensitivePathComponent("index.ts", "src", false)).toBe(false);
  });

  it("is idempotent", () => {
    const pathish = fc.stringMatching(/^[ ~/\\:.a-zA-Z0-9_@()[\]"'=,-]{0,40}$/);
    const fragments = fc.constantFrom(
      "/home/u/",
      "~/",
      "C:\\",
      "file:///",
      "https://h/",
      "[host-path]",
      "/",
      ":12:3",
      ". ",
      "\\\\",
      "~x/",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pathish, fragments), { maxLength: 8 }), (parts) => {
        const once = opaquePaths(parts.join(""));
        expect(opaquePaths(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = opaquePaths(text);
        expect(opaquePaths(once)).toBe(once);
      }),
    );
  });

  it("applies to keys and values of JSON, idempotently", () => {
    const value = { "/home/ann/repo/a.ts": "/home/ann/repo/b.ts", nested: [{ "/Users/bo/repo/a.ts": 1 }] };
    const once = opaquePathsInJson(value);
    expect(once).toEqual({
      "[host-path]/repo/a.ts": "[host-path]/repo/b.ts",
      nested: [{ "[host-path]/repo/a.ts": 1 }],
    });
    expect(opaquePathsInJson(once)).toEqual(once);
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const first = opaquePathsInJson(json);
        expect(opaquePathsInJson(first)).toEqual(first);
      }),
    );
  });
});
