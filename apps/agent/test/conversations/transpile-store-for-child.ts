import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const agentRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Transpile the conversation store's sources (TypeScript → ESM JavaScript, no bundling) into
 * `outDir`, keeping their layout, with `node_modules` and `drizzle` linked from the agent package,
 * so a plain `node` child process can import the same store code the tests import.
 * Returns the path of the transpiled `conversation-store.js`.
 */
export function transpileStoreForChild(outDir: string): string {
  const sources = [
    ...readdirSync(join(agentRoot, "src", "conversations")).map((name) => join("src", "conversations", name)),
    join("src", "runtime", "runtime-error.ts"),
  ].filter((path) => path.endsWith(".ts"));
  for (const source of sources) {
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
  symlinkSync(join(agentRoot, "drizzle"), join(outDir, "drizzle"));
  return join(outDir, relative(agentRoot, join(agentRoot, "src", "conversations", "conversation-store.js")));
}
