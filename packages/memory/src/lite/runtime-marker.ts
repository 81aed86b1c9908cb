import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { processAlive } from "@mono-agent/storage/node";
import { RUNTIME_MARKER_HEARTBEAT_MS, RUNTIME_MARKER_STALE_MS } from "../limits.js";
import { INDEX_DIR, RUNTIME_MARKER_FILE } from "./memory-paths.js";

interface RuntimeMarker {
  schemaVersion: 1;
  pid: number;
  startedAt: string;
  heartbeatAt: string;
}

/** Announces that an agent has the store open (`.index/runtime.json`), with a 30 s heartbeat. */
export function writeRuntimeMarker(root: string): { remove(): void } {
  const path = join(root, INDEX_DIR, RUNTIME_MARKER_FILE);
  mkdirSync(join(root, INDEX_DIR), { recursive: true, mode: 0o700 });
  const startedAt = new Date().toISOString();
  const write = () => {
    const marker: RuntimeMarker = {
      schemaVersion: 1,
      pid: process.pid,
      startedAt,
      heartbeatAt: new Date().toISOString(),
    };
    writeFileSync(path, JSON.stringify(marker), { mode: 0o600 });
  };
  write();
  const timer = setInterval(() => {
    try {
      write();
    } catch {
      // the next heartbeat retries
    }
  }, RUNTIME_MARKER_HEARTBEAT_MS);
  timer.unref();
  return {
    remove() {
      clearInterval(timer);
      try {
        const current = JSON.parse(readFileSync(path, "utf8")) as RuntimeMarker;
        if (current.pid === process.pid) rmSync(path, { force: true });
      } catch {
        // nothing to remove
      }
    },
  };
}

/** The pid of a running agent that has the store open, if any (live pid and fresh heartbeat). */
export function runningAgentPid(root: string): number | undefined {
  try {
    const marker = JSON.parse(
      readFileSync(join(root, INDEX_DIR, RUNTIME_MARKER_FILE), "utf8"),
    ) as RuntimeMarker;
    const fresh = Date.now() - Date.parse(marker.heartbeatAt) < RUNTIME_MARKER_STALE_MS;
    return processAlive(marker.pid) && fresh ? marker.pid : undefined;
  } catch {
    return undefined;
  }
}
