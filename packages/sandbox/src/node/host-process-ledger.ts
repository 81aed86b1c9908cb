import { appendFileSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SandboxError } from "../sandbox-error.js";
import { readProcessIdentity } from "./process-identity.js";

/** Permissions of the ledger folder and its files: owner only (they name processes to kill). */
export const LEDGER_MODE = 0o700;

/** One line of a ledger file. */
export type LedgerEntry =
  | { op: "group"; pid: number; startTicks: string }
  | { op: "release-group"; pid: number }
  | { op: "directory" | "placeholder"; path: string; dev: string; ino: string }
  | { op: "release-directory" | "release-placeholder"; path: string };

/** An owned file-system object: removed on the next start only while it is still the same object. */
export interface OwnedPathIdentity {
  path: string;
  dev: bigint;
  ino: bigint;
}

/**
 * What this host process leaves behind if it is killed: process groups it started, scratch directories
 * and placeholder files it created. One append-only file per host process,
 * `<directory>/<pid>-<startTicks>.jsonl`; `reapHostProcessLeftovers` on the next start acts on the files
 * of hosts that are gone.
 */
export interface HostProcessLedger {
  readonly file: string;
  recordProcessGroup(leaderPid: number): void;
  releaseProcessGroup(leaderPid: number): void;
  recordDirectory(identity: OwnedPathIdentity): void;
  releaseDirectory(path: string): void;
  /** Closes the ledger and deletes its file: call it once everything recorded was released. Idempotent. */
  close(): void;
}

const openLedgers = new Set<HostProcessLedgerImpl>();

/** Every ledger open in this process: process groups and placeholders are recorded in each. */
export function activeLedgers(): readonly HostProcessLedger[] {
  return [...openLedgers];
}

/** Records `entry` in every open ledger of this process (process-wide facts such as a spawned group). */
export function recordInActiveLedgers(entry: LedgerEntry): void {
  for (const ledger of openLedgers) ledger.append(entry);
}

class HostProcessLedgerImpl implements HostProcessLedger {
  private closed = false;

  constructor(readonly file: string) {}

  append(entry: LedgerEntry): void {
    if (this.closed) return;
    try {
      appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch {
      // A ledger that cannot be written only loses the next start's backstop; the watchdog still acts.
    }
  }

  recordProcessGroup(leaderPid: number): void {
    const identity = readProcessIdentity(leaderPid);
    if (identity) this.append({ op: "group", pid: leaderPid, startTicks: identity.startTicks });
  }

  releaseProcessGroup(leaderPid: number): void {
    this.append({ op: "release-group", pid: leaderPid });
  }

  recordDirectory(identity: OwnedPathIdentity): void {
    this.append({
      op: "directory",
      path: identity.path,
      dev: String(identity.dev),
      ino: String(identity.ino),
    });
  }

  releaseDirectory(path: string): void {
    this.append({ op: "release-directory", path });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    openLedgers.delete(this);
    rmSync(this.file, { force: true });
  }
}

/** The file name of this process's ledger: its pid and start time, so a reused pid never matches. */
export function ledgerFileName(pid: number, startTicks: string): string {
  return `${pid}-${startTicks}.jsonl`;
}

/**
 * Opens the ledger of this process in `directory` (created 0700; a symlink or a file there is refused
 * with `sandbox_prepare_failed`). While it is open, every process group and placeholder this package
 * creates is recorded in it, and so is every directory the host records itself.
 */
export function openHostProcessLedger(options: { directory: string }): HostProcessLedger {
  const { directory } = options;
  mkdirSync(directory, { recursive: true, mode: LEDGER_MODE });
  const stats = lstatSync(directory);
  if (stats.isSymbolicLink() || !stats.isDirectory())
    throw new SandboxError(
      "sandbox_prepare_failed",
      `the process ledger folder ${directory} is not a directory; move it away and start again`,
    );
  const self = readProcessIdentity(process.pid);
  const ledger = new HostProcessLedgerImpl(
    join(directory, ledgerFileName(process.pid, self?.startTicks ?? "0")),
  );
  openLedgers.add(ledger);
  return ledger;
}
