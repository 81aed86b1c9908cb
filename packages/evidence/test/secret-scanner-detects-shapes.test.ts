import { describe, expect, it } from "vitest";
import { createSecretScanner, type SecretKind } from "../src/index.js";

const scanner = createSecretScanner();
const kinds = (text: string): SecretKind[] => scanner.findSecrets(text).map((finding) => finding.kind);

describe("token shapes, assignments and controls", () => {
  it("names each token shape", () => {
    expect(kinds("sk-proj-Ab3dEf6hIj9kLm2nOp5q")).toEqual(["openai_api_key"]);
    expect(kinds("ghp_abcdefghijklmnopqrstuvwxyz0123456789")).toEqual(["github_token"]);
    expect(kinds("github_pat_11ABCDEFG0123456789_abcdefghij")).toEqual(["github_fine_grained_token"]);
    expect(kinds("xoxb-123456789012-abcdef")).toEqual(["slack_token"]);
    expect(kinds("xapp-1-A0123456-abcdef")).toEqual(["slack_app_token"]);
    expect(kinds("akiaiosfodnn7example")).toEqual(["aws_access_key_id"]);
    expect(kinds("123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw")).toEqual(["telegram_bot_token"]);
    expect(kinds("Basic dXNlcjpwYXNzd29yZA==")).toEqual(["authorization_credentials"]);
    expect(kinds("ssh://deploy:hunter22@example.com")).toEqual(["url_credentials"]);
  });

  it("keeps the scheme word and replaces only the credentials", () => {
    expect(scanner.replaceSecrets("Authorization: Bearer abc.DEF-123_456")).toBe(
      "Authorization: Bearer [secret omitted]",
    );
  });

  it("applies the exact [redacted] exemption to assignments", () => {
    for (const exempt of [
      'password="[redacted]"',
      "password='[redacted]'",
      "password=[redacted]",
      "secret: [redacted], next",
    ]) {
      expect(kinds(exempt), exempt).toEqual([]);
    }
    for (const flagged of [
      'password="[redacted]x"',
      'password=" [redacted]"',
      "password=x[redacted]",
      "secret: [redacted]]",
    ]) {
      expect(kinds(flagged), flagged).toEqual(["credential_assignment"]);
    }
  });

  it("replaces only the assigned value, and replacing twice changes nothing more", () => {
    const once = scanner.replaceSecrets('{"password": "hunter2", "user": "ann"}');
    expect(once).toBe('{"password": "[secret omitted]", "user": "ann"}');
    expect(scanner.replaceSecrets(once)).toBe(once);
  });

  it("flags terminal controls except TAB, LF and CRLF, and every bidi control", () => {
    expect(kinds("a\tb\nc\r\nd")).toEqual([]);
    expect(kinds("a\rb")).toEqual(["terminal_control"]);
    expect(kinds("\u0000\u001b\u007f\u009b")).toEqual(Array(4).fill("terminal_control"));
    expect(kinds("\u061c\u200e\u200f\u202a\u202e\u2066\u2069")).toEqual(Array(7).fill("bidi_control"));
  });

  it("reports controls first when rejecting and never repeats the secret", () => {
    const reason = scanner.rejectReason("token=hunter22\u001b[0m");
    expect(reason).toBe(
      "The text contains terminal control characters; restate it without the secret. Nothing was stored.",
    );
    expect(scanner.rejectReason("token=hunter22")).not.toContain("hunter22");
    expect(scanner.rejectReason("a plain fact")).toBeUndefined();
  });

  it("documents the accepted false positives of assignment-shaped prose", () => {
    expect(kinds("The secret: always test first")).toEqual(["credential_assignment"]);
    expect(kinds("credentials: see the vault")).toEqual(["credential_assignment"]);
  });

  it("stays linear on hostile input", () => {
    const hostile = `${"token=".repeat(20_000)}${"a".repeat(100_000)}${"1234567:".repeat(20_000)}${"Bearer ".repeat(20_000)}`;
    expect(scanner.findSecrets(hostile).length).toBeGreaterThan(0);
  });
});
