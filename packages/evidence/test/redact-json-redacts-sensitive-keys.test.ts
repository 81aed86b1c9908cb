import { describe, expect, it } from "vitest";
import {
  createSecretScanner,
  isSensitiveKey,
  OMISSION_MARKERS,
  redactJson,
  redactsNumbersUnder,
} from "../src/index.js";

describe("redactJson key rules", () => {
  it("matches the closed list with its gaps fixed", () => {
    for (const key of [
      "token",
      "Password",
      "authorization",
      "api_key",
      "apiKey",
      "api-key",
      "api.key",
      "api:key",
      "api key",
      "cookie",
      "credentials",
      "private key",
      "private_key",
      "privateKey",
      "client_secret",
      "bearer",
      "secret",
    ]) {
      expect(isSensitiveKey(key), key).toBe(true);
    }
    for (const key of ["name", "count", "apiVersion", "keyboard", "path"])
      expect(isSensitiveKey(key), key).toBe(false);
  });

  it("redacts non-numeric values and keeps numbers in the first pass", () => {
    const input = {
      password: "hunter2",
      token: { nested: "x" },
      input_tokens: 1200,
      apiKey: 42,
      secret: true,
      cookie: null,
    };
    expect(redactJson(input)).toEqual({
      password: "[redacted]",
      token: "[redacted]",
      input_tokens: 1200,
      apiKey: 42,
      secret: "[redacted]",
      cookie: null,
    });
  });

  it("applies the page's second-pass numeric rule as an option", () => {
    const input = {
      apiKey: 1,
      token: 2,
      client_secret: 3,
      password: 4,
      authorization: 5,
      cookie: 6,
      credential: 7,
      private_key: 8,
      bearer: 9,
      input_tokens: 10,
    };
    expect(redactJson(input, { numbers: "projection" })).toEqual({
      apiKey: "[redacted]",
      token: "[redacted]",
      client_secret: "[redacted]",
      password: "[redacted]",
      authorization: "[redacted]",
      cookie: "[redacted]",
      credential: 7,
      private_key: 8,
      bearer: 9,
      input_tokens: 10,
    });
    expect(redactsNumbersUnder("access_token")).toBe(true);
    expect(redactsNumbersUnder("output_tokens")).toBe(false);
  });

  it("marks every bound", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 20; level++) deep = { next: deep };
    expect(JSON.stringify(redactJson(deep))).toContain(OMISSION_MARKERS.maxDepth);
    const items = redactJson(Array.from({ length: 1500 }, (_, index) => index)) as unknown[];
    expect(items).toHaveLength(1001);
    expect(items[1000]).toBe("[max-items]");
    const keys = redactJson(
      Object.fromEntries(Array.from({ length: 1200 }, (_, index) => [`k${index}`, index])),
    ) as Record<string, unknown>;
    expect(Object.keys(keys)).toHaveLength(1001);
    expect(keys.__truncated__).toBe("[max-keys]");
    const nodes = redactJson(Array.from({ length: 50 }, () => Array.from({ length: 400 }, () => 1)));
    expect(JSON.stringify(nodes)).toContain("[max-nodes]");
    const cyclic: Record<string, unknown> = { name: "a" };
    cyclic.self = cyclic;
    expect(redactJson(cyclic)).toEqual({ name: "a", self: "[circular]" });
    expect(redactJson("é".repeat(3000))).toMatch(/^é+…\[truncated \d+ bytes\]$/);
  });

  it("never throws on hostile values", () => {
    const hostile = {
      get boom() {
        throw new Error("getter");
      },
      big: 12n,
      symbol: Symbol("s"),
      fn: () => 1,
      bytes: new Uint8Array([1, 2]),
      when: new Date(0),
      invalidDate: new Date(Number.NaN),
      nan: Number.NaN,
      list: [undefined, () => 1],
      proxy: new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error("trap");
          },
        },
      ),
      ["__proto__"]: { polluted: true },
      error: new Error("failed at /home/alice/x.ts"),
      map: new Map([["a", 1]]),
      set: new Set([1, 2]),
    };
    const output = redactJson(hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, "__proto__")?.value).toEqual({ polluted: true });
    const { ["__proto__"]: _own, ...rest } = Object.fromEntries(Object.entries(output));
    expect(rest).toEqual({
      boom: "[unreadable]",
      big: "12",
      bytes: "[binary]",
      when: "1970-01-01T00:00:00.000Z",
      invalidDate: null,
      nan: null,
      list: [null, null],
      proxy: "[unreadable]",
      error: { name: "Error", message: "failed at /home/alice/x.ts" },
      map: { a: 1 },
      set: [1, 2],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("renames colliding sanitized keys deterministically and keeps safe keys", () => {
    const input = {
      "/home/ann/repo/a.ts": 1,
      "/Users/bob/repo/a.ts": 2,
      "[host-path]/repo/a.ts": 3,
      plain: 4,
    };
    const output = redactJson(input, { opaquePaths: true });
    expect(output).toEqual({
      "[host-path]/repo/a.ts~2": 1,
      "[host-path]/repo/a.ts~3": 2,
      "[host-path]/repo/a.ts": 3,
      plain: 4,
    });
    expect(redactJson(input, { opaquePaths: true })).toEqual(output);
  });

  it("scans free text only when given a scanner", () => {
    const value = { note: "used ghp_abcdefghijklmnopqrstuvwxyz0123456789" };
    expect(redactJson(value)).toEqual(value);
    expect(redactJson(value, { secretScanner: createSecretScanner() })).toEqual({
      note: "used [secret omitted]",
    });
  });
});
