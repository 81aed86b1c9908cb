import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const agentRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The store's sources and what they import, relative to the agent package. */
const SOURCES = [
  "src/web/web-thread-store.ts",
  "src/web/web-thread-rows.ts",
  "src/web/web-thread-schema.ts",
  "src/web/web-thread-types.ts",
  "src/web/web-turn-records.ts",
  "src/app/conversation-title.ts",
  "src/runtime/runtime-error.ts",
  "src/sqlite/migrate-with-retry.ts",
];

/**
 * Transpiles the web thread store (TypeScript → ESM, no bundling) into a temp folder laid out like the
 * package, with `node_modules` and `drizzle-web` linked, so a worker thread can import the same code the
 * test imports. Returns the file URL of the transpiled `web-thread-store.js`.
 */
export function transpileWebStoreForWorker(): string {
  const outDir = mkdtempSync(join(tmpdir(), "web-store-worker-"));
  for (const source of SOURCES) {
    const output = ts.transpileModule(readFileSync(join(agentRoot, source), "utf8"), {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
    });
    const target = join(outDir, source.replace(/\.ts$/, ".js"));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output.outputText);
  }
  writeFileSync(join(outDir, "package.json"), '{ "type": "module" }\n');
  symlinkSync(join(agentRoot, "node_modules"), join(outDir, "node_modules"));
  symlinkSync(join(agentRoot, "drizzle-web"), join(outDir, "drizzle-web"));
  return pathToFileURL(join(outDir, "src/web/web-thread-store.js")).href;
}
