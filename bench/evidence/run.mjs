// Throughput of @mono-agent/evidence on 1 MiB inputs, beside JSON.parse + JSON.stringify of the
// same document measured in the same run. Run after `pnpm --filter @mono-agent/evidence build`:
//   node bench/evidence/run.mjs
import { createSecretScanner, opaquePaths, redactJson } from "../../packages/evidence/dist/index.js";
// Not a package export: the scanner with its disguise handling switchable, to time both paths here.
import { createScanner } from "../../packages/evidence/dist/secret-scanner.js";

const MIB = 1024 * 1024;
const MIN_DURATION_MS = 1_000;
/** Alternating rounds of the before/after pairs, and how long each round runs. */
const PAIR_ROUNDS = 5;
const PAIR_ROUND_MS = 300;

/** A realistic (just over) 1 MiB tool-history document: runs with usage, tool calls, paths and a few secrets. */
function buildDocument() {
  const runs = [];
  let index = 0;
  let size = 0;
  while (size < MIB) {
    runs.push({
      runId: `run-${index}`,
      status: index % 7 === 0 ? "failed" : "succeeded",
      usage: { input_tokens: 1200 + index, output_tokens: 300, cost_usd: 0.0123 },
      headers: { authorization: `Bearer tok${index}abcdefghijkl`, "content-type": "application/json" },
      tool: {
        name: "Read",
        input: { path: `/home/alice/project/src/module-${index}.ts`, limit: 200 },
        result: `Read 200 lines from /home/alice/project/src/module-${index}.ts:12:5 — export function f${index}() { return ${index}; }`,
      },
      notes: [
        "The tokenizer split the prompt.",
        `commit ${(index * 2654435761).toString(16).padStart(40, "0")}`,
      ],
    });
    size += Buffer.byteLength(JSON.stringify(runs[runs.length - 1])) + 1;
    index++;
  }
  return JSON.stringify({ runs });
}

function buildProse() {
  const sentences = [
    "The assistant read the configuration and found three MCP servers declared in mcp.json.",
    "Passwordless login was enabled for the staging environment after the tokenizer update.",
    "It then ran the test suite; 1,532 tokens were used and the git SHA was 9fceb02d0ae598e95dc970b74767f19372d61af8.",
    "See https://example.com/docs/mcp for details, or open /home/alice/project/README.md:4:1.",
    "A deploy key like ghp_abcdefghijklmnopqrstuvwxyz0123456789 must never be stored.",
  ];
  let text = "";
  for (let index = 0; text.length < MIB; index++) text += `${sentences[index % sentences.length]} `;
  return text.slice(0, MIB);
}

function throughput(bytes, work, minDurationMs = MIN_DURATION_MS) {
  work();
  let rounds = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < minDurationMs) {
    work();
    rounds++;
    elapsed = performance.now() - started;
  }
  return (bytes * rounds) / 1e6 / (elapsed / 1000);
}

const documentText = buildDocument();
const document = JSON.parse(documentText);
const prose = buildProse();
const bytes = Buffer.byteLength(documentText);
const proseBytes = Buffer.byteLength(prose);
const scanner = createSecretScanner({ env: { DEPLOY_PASSWORD: "correct-horse-battery-staple" } });
const options = {
  maxNodes: Number.MAX_SAFE_INTEGER,
  maxItems: Number.MAX_SAFE_INTEGER,
  maxKeys: Number.MAX_SAFE_INTEGER,
};

const baseline = throughput(bytes, () => JSON.stringify(JSON.parse(documentText)));
const redact = throughput(bytes, () => redactJson(document, options));
const redactFull = throughput(bytes, () =>
  redactJson(document, { ...options, numbers: "projection", opaquePaths: true, secretScanner: scanner }),
);
const scan = throughput(proseBytes, () => scanner.findSecrets(prose));
const replace = throughput(proseBytes, () => scanner.replaceSecrets(prose));
const paths = throughput(proseBytes, () => opaquePaths(prose));

// Disguise handling (invisible code points removed, configured values folded): the same scan with
// and without it, over ASCII prose and over prose with accents, emoji and zero-width characters.
const env = { DEPLOY_PASSWORD: "correct-horse-battery-staple" };
const before = createScanner({ env }, false);
const after = createScanner({ env }, true);
const unicodeProse = prose
  .replaceAll("configuration", "configuración")
  .replaceAll("tokenizer", "tokenizer\u200b")
  .replaceAll("details", "détails ❤️")
  .slice(0, MIB);
const unicodeBytes = Buffer.byteLength(unicodeProse);
const pair = (label, bytesOf, text) => {
  // Alternating rounds, best of each: the two paths see the same machine load.
  let old = 0;
  let now = 0;
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    old = Math.max(
      old,
      throughput(bytesOf, () => before.findSecrets(text), PAIR_ROUND_MS),
    );
    now = Math.max(
      now,
      throughput(bytesOf, () => after.findSecrets(text), PAIR_ROUND_MS),
    );
  }
  console.log(
    `${label}: ${now.toFixed(1)} MB/s with disguise handling (before it: ${old.toFixed(1)} MB/s, ` +
      `${((100 * now) / old).toFixed(0)}%; baseline JSON.parse+stringify: ${baseline.toFixed(1)} MB/s)`,
  );
};

const line = (label, value) =>
  console.log(
    `${label}: ${value.toFixed(1)} MB/s (baseline JSON.parse+stringify: ${baseline.toFixed(1)} MB/s)`,
  );
line("redact 1 MiB JSON", redact);
line("redact 1 MiB JSON with paths, secrets and projection numbers", redactFull);
line("scan 1 MiB prose for secrets", scan);
line("replace secrets in 1 MiB prose", replace);
line("path opacity over 1 MiB prose", paths);
pair("scan 1 MiB ASCII prose", proseBytes, prose);
pair("scan 1 MiB prose with accents, emoji and zero-width characters", unicodeBytes, unicodeProse);
