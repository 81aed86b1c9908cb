// The worker thread behind openSyncPostgres, a synchronous PostgreSQL connection
// (src/postgres/sync-postgres.ts): one pg client, one statement at a time. Each request arrives on
// the port; the answer is posted back and the waiting host thread is woken through the shared flag.
import { workerData } from "node:worker_threads";
import pg from "pg";

const { url, schema, statementTimeoutMs, applicationName, port, flag } = workerData;
const signal = new Int32Array(flag);
let client;
let connecting;

function connect() {
  connecting ??= (async () => {
    const next = new pg.Client({
      connectionString: url,
      options: `-c search_path=${schema} -c statement_timeout=${statementTimeoutMs} -c lock_timeout=${statementTimeoutMs}`,
      application_name: applicationName,
    });
    // A connection the server drops fails the next statement, which reconnects.
    next.on("error", () => {});
    await next.connect();
    client = next;
  })().catch((error) => {
    connecting = undefined;
    throw error;
  });
  return connecting;
}

function answer(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on("message", async (request) => {
  try {
    if (request.close) {
      await client?.end().catch(() => {});
      answer({ id: request.id, rows: [], rowCount: 0 });
      return;
    }
    await connect();
    const result = await client.query(request.sql, request.params);
    answer({ id: request.id, rows: result.rows, rowCount: result.rowCount ?? 0 });
  } catch (error) {
    if (
      client &&
      (error?.code === undefined || error.code === "57P01" || /terminat|closed/i.test(String(error.message)))
    ) {
      // The connection is gone: the next statement opens a new one.
      client = undefined;
      connecting = undefined;
    }
    answer({ id: request.id, error: { message: String(error?.message ?? error), code: error?.code } });
  }
});
