import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignMcpToolNames, mcpToolName } from "../src/index.js";

const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));
const anyRef = fc.record({ serverName: anyText, toolName: anyText });

describe("MCP tool naming properties", () => {
  it("mcpToolName always matches ^[A-Za-z0-9_-]{1,64}$", () => {
    fc.assert(
      fc.property(anyText, anyText, (serverName, toolName) => {
        expect(mcpToolName(serverName, toolName)).toMatch(SAFE_NAME);
      }),
    );
  });

  it("assignMcpToolNames never returns two equal names, and every name is safe", () => {
    const collisionProne = fc.record({
      serverName: fc.constantFrom("s", "s.", "s/"),
      toolName: fc.stringMatching(/^[ab._/ ]{0,4}$/),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(anyRef, collisionProne), { maxLength: 40 }), (tools) => {
        const names = assignMcpToolNames(tools).assignments.map((entry) => entry.name);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names) expect(name).toMatch(SAFE_NAME);
      }),
    );
  });

  it("assignMcpToolNames gives each tool the same name in any input order", () => {
    const collisionProne = fc.record({
      serverName: fc.constantFrom("s", "s.", "s/"),
      toolName: fc.stringMatching(/^[ab._/ ]{0,4}$/),
    });
    fc.assert(
      fc.property(
        fc
          .array(collisionProne, { maxLength: 20 })
          .chain((tools) =>
            fc.tuple(
              fc.constant(tools),
              fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length }),
            ),
          ),
        ([tools, shuffled]) => {
          const key = (entry: { serverName: string; toolName: string; name: string }) =>
            `${entry.serverName}\u0000${entry.toolName}\u0000${entry.name}`;
          const forward = assignMcpToolNames(tools).assignments.map(key).sort();
          const other = assignMcpToolNames(shuffled).assignments.map(key).sort();
          expect(other).toEqual(forward);
        },
      ),
    );
  });
});
