import { describe, expect, it } from "vitest";
import { createSecretScanner } from "../src/index.js";
import { corpusEnv, nearMissCases, secretCases } from "./fixtures/secret-corpus.js";

const scanner = createSecretScanner({ env: corpusEnv });

describe("secret corpus", () => {
  it("catches every realistic secret and leaves every near-miss alone", () => {
    const missed = secretCases.filter((testCase) => scanner.findSecrets(testCase.input).length === 0);
    const leaked = secretCases.filter((testCase) => {
      const replaced = scanner.replaceSecrets(
        typeof testCase.input === "string" ? [testCase.input] : testCase.input,
      );
      return replaced.join("").includes(testCase.secret);
    });
    const falsePositives = nearMissCases.filter((text) => scanner.findSecrets(text).length > 0);
    const caught = secretCases.length - missed.length;
    const clean = nearMissCases.length - falsePositives.length;
    console.log(
      `secret corpus: caught ${caught}/${secretCases.length} secrets (${((100 * caught) / secretCases.length).toFixed(1)}%), ` +
        `left alone ${clean}/${nearMissCases.length} near-misses (${((100 * clean) / nearMissCases.length).toFixed(1)}%)`,
    );
    expect(secretCases.length).toBeGreaterThanOrEqual(60);
    expect(nearMissCases.length).toBeGreaterThanOrEqual(60);
    expect(missed.map((testCase) => testCase.label)).toEqual([]);
    expect(leaked.map((testCase) => testCase.label)).toEqual([]);
    expect(falsePositives).toEqual([]);
  });

  it("rejects every secret case for Remember and accepts every near-miss", () => {
    for (const testCase of secretCases) {
      const text = typeof testCase.input === "string" ? testCase.input : testCase.input.join("");
      expect(scanner.rejectReason(text), testCase.label).toMatch(/restate it without the secret/);
    }
    for (const text of nearMissCases) expect(scanner.rejectReason(text), text).toBeUndefined();
  });
});
