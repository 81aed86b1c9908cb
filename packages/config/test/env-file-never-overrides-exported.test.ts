import { describe, expect, it } from "vitest";
import { mergeEnvFile, parseEnvFile } from "../src/index.js";

/** `${PLAIN}` written without a template-looking literal. */
const plainReference = "$" + "{PLAIN}";

describe("parseEnvFile", () => {
  it("reads KEY=VALUE lines with quotes, comments and the export prefix", () => {
    const text = [
      "# a comment",
      "",
      "PLAIN=value",
      "export EXPORTED=yes",
      "SPACED = around  ",
      "INLINE=value # trailing comment",
      "HASH=a#b",
      "SINGLE='literal \\n $HOME'",
      'DOUBLE="line1\\nline2 \\"quoted\\""',
      'MULTI="first',
      'second"',
      "EMPTY=",
      `TEMPLATE=${plainReference}`,
      "not an assignment",
      "1BAD=x",
    ].join("\n");
    expect(parseEnvFile(text)).toEqual({
      PLAIN: "value",
      EXPORTED: "yes",
      SPACED: "around",
      INLINE: "value",
      HASH: "a#b",
      SINGLE: "literal \\n $HOME",
      DOUBLE: 'line1\nline2 "quoted"',
      MULTI: "first\nsecond",
      EMPTY: "",
      TEMPLATE: plainReference,
    });
  });

  it("handles CRLF line endings and a byte order mark", () => {
    expect(parseEnvFile("\uFEFFA=1\r\nB='2'\r\n")).toEqual({ A: "1", B: "2" });
  });

  it("stores a __proto__ name as data instead of changing the prototype", () => {
    const parsed = parseEnvFile("__proto__=x\nA=1");
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["__proto__", "A"]);
  });
});

describe("mergeEnvFile", () => {
  it("fills only unset names and never overrides an exported variable, even an empty one", () => {
    const merged = mergeEnvFile(
      { TOKEN: "from-shell", EMPTY: "", UNSET: undefined },
      { TOKEN: "from-file", EMPTY: "from-file", UNSET: "from-file", NEW: "from-file" },
    );
    expect(merged).toEqual({ TOKEN: "from-shell", EMPTY: "", UNSET: "from-file", NEW: "from-file" });
  });
});
