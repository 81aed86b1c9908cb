// Runs every benchmark in bench/ (after a build), each printing its figures beside a baseline measured in
// the same run. Usage: pnpm bench [name ...]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const only = process.argv.slice(2);
const names = readdirSync("bench").filter(
  (name) => existsSync(join("bench", name, "run.mjs")) && (only.length === 0 || only.includes(name)),
);
let failed = 0;
for (const name of names) {
  console.log(`\n== bench/${name} ==`);
  const result = spawnSync(process.execPath, [join("bench", name, "run.mjs")], { stdio: "inherit" });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
