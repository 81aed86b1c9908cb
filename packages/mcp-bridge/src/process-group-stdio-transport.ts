import type { ChildProcess } from "node:child_process";
import {
  type JSONRPCMessage,
  ReadBuffer,
  serializeMessage,
  type Transport,
} from "@modelcontextprotocol/client";
import { type ProcessGroupCommand, spawnProcessGroup } from "./spawn-process-group.js";
import { StderrTail } from "./stderr-tail.js";

/**
 * How long close() waits for a server to exit after its stdin is ended, in ms. A well-behaved Node
 * server exits within about 10 ms of EOF (observed); 1 s leaves room for a slow flush.
 */
export const STDIN_EOF_GRACE_MS = 1_000;

/** How long close() waits after SIGTERM to the process group before SIGKILL, in ms (the MCP SDK waits 2 s). */
export const SIGTERM_GRACE_MS = 2_000;

/** How long close() waits for the exit after SIGKILL, in ms; SIGKILL cannot be ignored, so this is a safety bound. */
export const SIGKILL_WAIT_MS = 1_000;

/** Grace periods of {@link ProcessGroupStdioTransport.close}; tests shorten them. */
export interface ProcessCloseGrace {
  stdinEofMs: number;
  sigtermMs: number;
}

/** Options of {@link ProcessGroupStdioTransport}. */
export interface ProcessGroupStdioTransportOptions extends ProcessGroupCommand {
  /** Called with every stderr chunk, decoded as UTF-8. */
  onStderr?: (text: string) => void;
  closeGrace?: Partial<ProcessCloseGrace>;
  /** Starts the process group; default {@link spawnProcessGroup}. A host wraps it (a watchdog, confinement). */
  spawn?: (command: ProcessGroupCommand) => ChildProcess;
}

/** How the child ended, for error messages. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * MCP stdio client transport whose child leads its own process group (`detached: true`), so close()
 * ends the whole group: stdin EOF, then SIGTERM to the group, then SIGKILL to the group, each after a
 * bounded grace. Wrappers such as `sh -c` and `npx` therefore leave no orphans. stderr is always piped,
 * read continuously and kept as a bounded tail. POSIX only (process groups).
 */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** The last stderr bytes of the child. */
  readonly stderrTail = new StderrTail();
  private readonly readBuffer = new ReadBuffer();
  private readonly grace: ProcessCloseGrace;
  private child: ChildProcess | undefined;
  private closedPromise: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private exited = false;
  private exitInfo: ProcessExit | undefined;
  private closeNotified = false;

  constructor(private readonly options: ProcessGroupStdioTransportOptions) {
    this.grace = {
      stdinEofMs: options.closeGrace?.stdinEofMs ?? STDIN_EOF_GRACE_MS,
      sigtermMs: options.closeGrace?.sigtermMs ?? SIGTERM_GRACE_MS,
    };
  }

  /** The child's pid (= its process group id), once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * The child's stderr stream (read by this transport into {@link stderrTail}). Its presence, beside `pid`,
   * is how the MCP SDK tells a stdio transport: a server silent on the `server/discover` probe is then a
   * 2025 server (fall back to `initialize`), not an outage.
   */
  get stderr(): NodeJS.ReadableStream | null {
    return this.child?.stderr ?? null;
  }

  /** How the child ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ProcessGroupStdioTransport already started");
    return new Promise((resolve, reject) => {
      const child = (this.options.spawn ?? spawnProcessGroup)(this.options);
      this.child = child;
      this.closedPromise = new Promise((resolveClosed) => child.once("close", () => resolveClosed()));
      child.once("error", (error) => {
        this.exited = true;
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.once("exit", (code, signal) => {
        this.exitInfo = { code, signal };
      });
      child.once("close", () => {
        this.exited = true;
        this.notifyClosed();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stderr?.on("error", () => {});
      child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderrTail.append(chunk);
        this.options.onStderr?.(chunk.toString("utf8"));
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closing || this.exited || stdin.destroyed) {
        reject(new Error("Not connected"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends the process group (bounded by the grace periods plus {@link SIGKILL_WAIT_MS}); idempotent. */
  close(): Promise<void> {
    this.closing ??= this.endProcessGroup().finally(() => {
      this.readBuffer.clear();
      this.notifyClosed();
    });
    return this.closing;
  }

  private async endProcessGroup(): Promise<void> {
    const child = this.child;
    const closed = this.closedPromise;
    if (!child || child.pid === undefined || !closed) return;
    const groupId = child.pid;
    if (!this.exited) {
      child.stdin?.end();
      if (!(await settlesWithin(closed, this.grace.stdinEofMs))) {
        signalGroup(groupId, "SIGTERM");
        await settlesWithin(closed, this.grace.sigtermMs);
      }
    }
    // Always: a wrapper may have exited while members of its group (the real server) live on.
    signalGroup(groupId, "SIGKILL");
    await settlesWithin(closed, SIGKILL_WAIT_MS);
  }

  private receive(chunk: Buffer): void {
    try {
      this.readBuffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private notifyClosed(): void {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.onclose?.();
  }
}

function signalGroup(groupId: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-groupId, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

function settlesWithin(promise: Promise<void>, milliseconds: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), milliseconds);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
