import { describe, expect, it } from "vitest";
import { createSecretScanner } from "../src/index.js";
import { matchViews } from "../src/normalized-view.js";
import { disguisedCases, extraShapes, ordinaryFacts } from "./fixtures/disguise-corpus.js";
import { corpusEnv, nearMissCases, secretCases, shapes } from "./fixtures/secret-corpus.js";

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

describe("disguised-secret corpus", () => {
  it("sees every shape through every invisible code point and every case of a configured value", () => {
    const missed = disguisedCases.filter((testCase) => scanner.rejectReason(testCase.text) === undefined);
    const leaked = disguisedCases.filter((testCase) => {
      const replaced = scanner.replaceSecrets(testCase.text);
      return matchViews(replaced).folded.text.includes(testCase.secret.toLowerCase());
    });
    const refusedFacts = ordinaryFacts.filter((text) => scanner.rejectReason(text) !== undefined);
    console.log(
      `disguised corpus: refused ${disguisedCases.length - missed.length}/${disguisedCases.length} disguised secrets; ` +
        `refused ${refusedFacts.length}/${ordinaryFacts.length} ordinary facts ` +
        `(${((100 * refusedFacts.length) / ordinaryFacts.length).toFixed(1)}%)`,
    );
    expect(disguisedCases.length).toBeGreaterThanOrEqual(80);
    expect(ordinaryFacts.length).toBeGreaterThanOrEqual(60);
    expect(missed.map((testCase) => testCase.label)).toEqual([]);
    expect(leaked.map((testCase) => testCase.label)).toEqual([]);
    expect(refusedFacts.length / ordinaryFacts.length).toBeLessThanOrEqual(0.02);
  });

  it("names each shape beyond the page's list", () => {
    const kinds = (text: string) => scanner.findSecrets(text).map((finding) => finding.kind);
    expect(kinds(extraShapes.jwt)).toEqual(["json_web_token"]);
    expect(kinds(extraShapes.stripeSecret)).toEqual(["stripe_live_key"]);
    expect(kinds(extraShapes.stripeRestricted)).toEqual(["stripe_live_key"]);
    expect(kinds(extraShapes.google)).toEqual(["google_api_key"]);
    expect(kinds(extraShapes.npm)).toEqual(["npm_token"]);
    expect(kinds(`AccountKey=${extraShapes.azure}`)).toEqual(["azure_account_key"]);
    expect(kinds(extraShapes.pemBody)).toEqual(["pem_body"]);
    expect(kinds(`${shapes.aws} ${extraShapes.awsSecret}`)).toEqual([
      "aws_access_key_id",
      "aws_secret_access_key",
    ]);
  });

  it("leaves each shape's near-misses alone", () => {
    for (const nearMiss of [
      "eyJhbGciOiJIUzI1NiJ9 is only a header",
      "eyJhbGciOiJIUzI1NiJ9.e30.short",
      "sk_live_ is the prefix; sk_test_abcdefghijklmnop1234 is a test key",
      "rk_live_short",
      "AIza is how Google keys start (AIzaShort)",
      "npm_token_name is a variable; npm_abc is too short",
      "AccountKey= is empty in the sample",
      "AccountKey=short",
      "MIIT is a university; MII is a Roman numeral",
      `commit ${"9fceb02d0ae598e95dc970b74767f19372d61af8"} near AKIA in prose`,
      `${shapes.aws.slice(0, 3)} and ${"a".repeat(40)}`,
      "The AWS secret key is rotated; see the runbook page 0123456789abcdef0123456789abcdef01234567.",
      "Emoji ❤️ 👨‍👩‍👧 and co\u00ADoperate stay fine.",
    ]) {
      expect(scanner.rejectReason(nearMiss), nearMiss).toBeUndefined();
    }
  });

  it("covers the whole body of a private key block when replacing", () => {
    const block = `-----BEGIN PRIVATE KEY-----\n${extraShapes.pemBody}\n-----END PRIVATE KEY-----`;
    expect(scanner.replaceSecrets(`key:\n${block}\nend`)).toBe("key:\n[secret omitted]\nend");
    expect(scanner.replaceSecrets(`-----BEGIN PRIVATE KEY-----\n${extraShapes.pemBody}`)).toBe(
      "[secret omitted]",
    );
  });
});
