import { describe, expect, it } from "vitest";
import { stripTerminalControls, terminalSafeJson } from "../src/index.js";

describe("stripTerminalControls", () => {
  it.each([
    ["a colour (CSI SGR)", "\u001b[31mred\u001b[0m", "red"],
    ["a cursor move and an erase", "ok\u001b[2K\u001b[1Gfake", "okfake"],
    ["an OSC 8 hyperlink ended by ST", "\u001b]8;;https://evil.test\u001b\\click\u001b]8;;\u001b\\", "click"],
    ["a window title ended by BEL", "\u001b]0;pwned\u0007text", "text"],
    ["an 8-bit CSI", "\u009b31mred", "red"],
    ["an 8-bit OSC", "\u009d0;title\u009ctext", "text"],
    ["a DCS string", "\u001bPq#0;2;0;0;0\u001b\\after", "after"],
    ["a two-byte ESC sequence", "\u001bcreset", "reset"],
    ["a lone ESC at the end", "text\u001b", "text"],
    ["a bare CR that rewrites the line", "safe\rEVIL", "safeEVIL"],
    ["bidi overrides (U+202E, isolates, marks)", "abc\u202Efed\u202C \u2066x\u2069 \u200Fy", "abcfed x y"],
    ["other C0 controls, DEL and C1", "a\u0000b\u0007c\u007fd\u0085e", "abcde"],
  ])("removes %s", (_label, input, expected) => {
    expect(stripTerminalControls(input)).toBe(expected);
  });

  it("keeps TAB, LF, CRLF and ordinary Unicode", () => {
    const text = "col1\tcol2\nline two\r\nÄrger – 日本語 ✓ 🙂";
    expect(stripTerminalControls(text)).toBe(text);
  });
});

describe("terminalSafeJson", () => {
  it("escapes what JSON.stringify leaves raw and a terminal acts on, keeping the same value", () => {
    const value = { text: "a\u009b31mb\u202Ec\u007f\u2028d\u001b[0m", n: 1 };
    const json = terminalSafeJson(value);
    expect(json).not.toMatch(/[\u001b\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
