import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const HEALTH_ENTRY = fileURLToPath(new URL("../dist/sqlite-health.js", import.meta.url));

/** A loader hook that fails any import of drizzle-orm: the child exits non-zero if one happens. */
const NO_ORM_HOOK = `data:text/javascript,${encodeURIComponent(
  'export async function resolve(specifier, context, next) { if (/^drizzle-orm(\\/|$)/.test(specifier)) throw new Error("drizzle-orm was imported by " + context.parentURL); return next(specifier, context); }',
)}`;

describe("the sqlite-health entry", () => {
  test("loads without drizzle-orm, so `mono-agent validate` stays fast (its cold start target is 300 ms)", () => {
    const child = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { register } from "node:module";
register(${JSON.stringify(NO_ORM_HOOK)});
const health = await import(${JSON.stringify(HEALTH_ENTRY)});
console.log(typeof health.readRunsHealth);`,
      ],
      { encoding: "utf8" },
    );
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("function");
  });
});
