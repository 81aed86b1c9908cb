// Bundles the SessionHistory writer's worker thread (dist/sqlite/tool-history-worker.js, with drizzle-orm) in
// place: the worker starts with the app, beside a run's first steps, and one file loads much faster than the
// 150 modules it imports (Node 20 has no module compile cache). The bundle stays in dist/sqlite/, so the
// migrations folder it finds by import.meta.url is the same; better-sqlite3 (native) stays external.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const worker = fileURLToPath(new URL("../dist/sqlite/tool-history-worker.js", import.meta.url));

await build({
  entryPoints: [worker],
  outfile: worker,
  allowOverwrite: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["better-sqlite3"],
  banner: {
    js: 'import { createRequire as __workerCreateRequire } from "node:module"; const require = __workerCreateRequire(import.meta.url);',
  },
  legalComments: "none",
  logLevel: "warning",
});
