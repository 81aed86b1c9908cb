// @mono-agent/session-history: writer foreground latency at 500 calls/s, and search p50 over 20,000 and
// 200,000 completed calls beside a plain LIKE scan of the same table in the same run. Run after
// `pnpm --filter @mono-agent/session-history build`:
//   node bench/session-history/run.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shortDigest } from "../../packages/evidence/dist/node.js";
import {
  callSessionHistory,
  invocationWrite,
  resultWrite,
} from "../../packages/session-history/dist/index.js";
import {
  openToolHistoryStore,
  startToolHistoryWriter,
  toolRecordId,
} from "../../packages/session-history/dist/sqlite/index.js";

const CALLS_PER_SECOND = 500;
const WRITER_SECONDS = 4;
const SEARCH_SIZES = [20_000, 200_000];
const SEARCH_REPEATS = 40;
const CONVERSATION = "telegram:42";

const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
};
const ms = (value) => `${value.toFixed(2)} ms`;

async function benchWriter(dir) {
  const file = join(dir, "writer.sqlite");
  const writer = startToolHistoryWriter({ file });
  await writer.maintain();
  const latencies = [];
  const outcomes = { persisted: 0, deferred: 0, failed: 0 };
  const total = CALLS_PER_SECOND * WRITER_SECONDS;
  const intervalMs = 1_000 / CALLS_PER_SECOND;
  const started = performance.now();
  const inFlight = [];
  for (let index = 0; index < total; index++) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const identity = {
      conversationId: CONVERSATION,
      runId: `run-${index >> 6}`,
      toolCallId: `call-${index}`,
      toolName: "Read",
      runStartedAtMs: Date.now(),
      isolated: false,
    };
    inFlight.push(
      (async () => {
        for (const write of [
          invocationWrite(identity, {
            sequence: 1,
            startedAtMs: Date.now(),
            args: { path: `/home/alice/src/file-${index}.ts` },
          }),
          resultWrite(identity, {
            sequence: 2,
            endedAtMs: Date.now(),
            result: { content: [{ type: "text", text: `line ${index}\n`.repeat(20) }] },
            isError: false,
          }),
        ]) {
          const before = performance.now();
          const outcome = await writer.write(write);
          latencies.push(performance.now() - before);
          outcomes[outcome.persistence] += 1;
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1_000;
  await writer.close();
  console.log(
    `writer: ${total} calls (${latencies.length} events) at ${(total / elapsed).toFixed(0)} calls/s: foreground p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(Math.max(...latencies))}; ${JSON.stringify(outcomes)}`,
  );
}

/** Bulk-loads `count` completed calls straight into the schema (one transaction), 1 in 1,000 carrying "needle". */
function populate(sqlite, count) {
  const insertCall =
    sqlite.prepare(`INSERT INTO tool_calls (invocation_record_id, result_record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, tool_name, start_sequence, end_sequence, state, isolated, recovered, run_started_at_ms, started_at_ms, ended_at_ms, owner_id, invocation_payload, invocation_original_bytes, invocation_retained_bytes, invocation_truncated, result_payload, result_original_bytes, result_retained_bytes, result_truncated, artifacts)
    VALUES (?, ?, ?, ?, ?, ?, ?, 1, 2, ?, 0, 0, ?, ?, ?, 'bench', ?, 100, 100, 0, ?, 400, 400, 0, '[]')`);
  const insertText = sqlite.prepare("INSERT INTO tool_call_text (rowid, text) VALUES (?, ?)");
  const tools = ["Read", "Bash", "Grep", "mcp__fixture__echo", "Edit"];
  const now = Date.now();
  sqlite.transaction(() => {
    for (let index = 0; index < count; index++) {
      const call = {
        conversationId: CONVERSATION,
        runId: `run-${Math.floor(index / 20)}`,
        toolCallId: `call-${index}`,
      };
      const toolName = tools[index % tools.length];
      const args = JSON.stringify({
        command: `grep -n pattern${index % 997} src/module-${index}.ts`,
        note: index % 1_000 === 7 ? "needle" : "ordinary",
      });
      const result = JSON.stringify({
        content: [
          {
            type: "text",
            text: `module-${index}.ts:12: export function f${index}() { return ${index % 13}; } // lorem ipsum dolor sit amet`,
          },
        ],
      });
      const runStartedAtMs = now - (count - index) * 1_000;
      const info = insertCall.run(
        toolRecordId("invocation", call),
        toolRecordId("result", call),
        CONVERSATION,
        CONVERSATION,
        call.runId,
        call.toolCallId,
        toolName,
        index % 11 === 0 ? "error" : "success",
        runStartedAtMs,
        runStartedAtMs + 1,
        runStartedAtMs + 5,
        args,
        result,
      );
      insertText.run(info.lastInsertRowid, `${toolName}\n${args}\n${result}`.toLowerCase());
    }
  })();
}

async function benchSearch(dir, count) {
  const file = join(dir, `search-${count}.sqlite`);
  const store = openToolHistoryStore({ file });
  const Database = createRequire(new URL("../../packages/session-history/package.json", import.meta.url))(
    "better-sqlite3",
  );
  const sqlite = new Database(file);
  populate(sqlite, count);
  const context = { store, conversationId: CONVERSATION, runId: "run-now", digest: shortDigest };
  const queries = [
    ["recent {}", {}],
    ["rare term (needle)", { query: "needle" }],
    ["two terms", { query: "needle grep" }],
    ["common term", { query: "lorem" }],
    ["filters only", { tools: ["Bash"], states: ["error"] }],
    ["no match", { query: "absent-term" }],
  ];
  const likeScan = sqlite.prepare(
    "SELECT row_id FROM tool_calls WHERE scope_conversation_id = ? AND result_record_id IS NOT NULL AND (tool_name || invocation_payload || result_payload) LIKE ? ORDER BY run_started_at_ms DESC, run_id DESC, start_sequence DESC LIMIT 6",
  );
  const lines = [];
  for (const [label, args] of queries) {
    const samples = [];
    for (let repeat = 0; repeat < SEARCH_REPEATS; repeat++) {
      const before = performance.now();
      const result = await callSessionHistory(context, args);
      samples.push(performance.now() - before);
      if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
    }
    let like = "";
    if (args.query) {
      const likeSamples = [];
      const pattern = `%${args.query.split(" ")[0]}%`;
      for (let repeat = 0; repeat < Math.min(SEARCH_REPEATS, 10); repeat++) {
        const before = performance.now();
        likeScan.all(CONVERSATION, pattern);
        likeSamples.push(performance.now() - before);
      }
      like = `, plain LIKE scan p50 ${ms(percentile(likeSamples, 0.5))}`;
    }
    lines.push(`  ${label.padEnd(20)} SessionHistory p50 ${ms(percentile(samples, 0.5))}${like}`);
  }
  sqlite.close();
  store.close();
  console.log(`search over ${count.toLocaleString("en-US")} completed calls:\n${lines.join("\n")}`);
}

const dir = mkdtempSync(join(tmpdir(), "bench-session-history-"));
try {
  await benchWriter(dir);
  for (const count of SEARCH_SIZES) await benchSearch(dir, count);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
