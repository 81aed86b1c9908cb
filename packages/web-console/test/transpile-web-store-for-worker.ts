import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const packageRoot = fileURLToPath(new URL("..", import.meta.url));

/** The store's sources and what they import, relative to the package. */
const SOURCES = [
  "src/node/web-thread-store.ts",
  "src/node/web-thread-rows.ts",
  "src/node/web-thread-schema.ts",
  "src/web-thread-types.ts",
  "src/node/web-turn-records.ts",
  "src/conversation-title.ts",
  "src/web-console-error.ts",
];

/**
 * Transpiles the web thread store (TypeScript → ESM, no bundling) into a temp folder laid out like the
 * package, with `node_modules` and `drizzle` linked, so a worker thread can import the same code the
 * test imports. Returns the file URL of the transpiled `web-thread-store.js`.
 */
export function transpileWebStoreForWorker(): string {
  const outDir = mkdtempSync(join(tmpdir(), "web-store-worker-"));
  for (const source of SOURCES) {
    const output = ts.transpileModule(readFileSync(join(packageRoot, source), "utf8"), {
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
  symlinkSync(join(packageRoot, "node_modules"), join(outDir, "node_modules"));
  symlinkSync(join(packageRoot, "drizzle"), join(outDir, "drizzle"));
  return pathToFileURL(join(outDir, "src/node/web-thread-store.js")).href;
}
