#!/usr/bin/env node
// Creates a package with the one shape every package of this repo follows (shared/STYLE.md):
//   packages/<name>/{package.json, tsconfig.json, tsconfig.build.json, README.md, src/index.ts, test/}
// Usage: node scripts/new-package.mjs <name> "<one sentence of purpose>"
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [name, purpose = "TODO: one sentence of purpose."] = process.argv.slice(2);
if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) {
  console.error('usage: node scripts/new-package.mjs <kebab-name> "<purpose>"');
  process.exit(2);
}
const dir = join("packages", name);
if (existsSync(dir)) {
  console.error(`${dir} already exists`);
  process.exit(1);
}
mkdirSync(join(dir, "src"), { recursive: true });
mkdirSync(join(dir, "test"), { recursive: true });
const write = (file, text) => writeFileSync(join(dir, file), text);
write(
  "package.json",
  `${JSON.stringify(
    {
      name: `@mono-agent/${name}`,
      version: "0.0.0",
      description: purpose,
      license: "MIT",
      type: "module",
      sideEffects: false,
      exports: {
        ".": { types: "./dist/index.d.ts", import: "./dist/index.js" },
        "./package.json": "./package.json",
      },
      files: ["dist", "README.md"],
      engines: { node: ">=22.19.0" },
      publishConfig: { access: "public" },
      repository: { type: "git", url: "git+https://github.com/mono-agent/mono-agent.git", directory: dir },
      scripts: {
        build: "rm -rf dist && tsc -p tsconfig.build.json",
        "type-check": "tsc -p tsconfig.json --noEmit",
        test: `vitest run --config ../../vitest.config.ts --project ${name}`,
      },
      devDependencies: {},
    },
    null,
    2,
  )}\n`,
);
write(
  "tsconfig.json",
  `${JSON.stringify({ extends: "../../tsconfig.base.json", compilerOptions: { noEmit: true }, include: ["src", "test"] }, null, 2)}\n`,
);
write(
  "tsconfig.build.json",
  `${JSON.stringify(
    {
      extends: "../../tsconfig.base.json",
      compilerOptions: { rootDir: "src", outDir: "dist" },
      include: ["src"],
    },
    null,
    2,
  )}\n`,
);
write(
  "README.md",
  `# @mono-agent/${name}\n\n${purpose}\n\n\`\`\`sh\nnpm install @mono-agent/${name}\n\`\`\`\n\nDocs: [docs/${name}.md](../../docs/${name}.md)\n`,
);
write("src/index.ts", "export {};\n");
console.log(`created ${dir}`);
