import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

/** What the child said before a client took the transport over, in order. */
type Held = { kind: "message"; message: JSONRPCMessage } | { kind: "error"; error: Error };

/**
 * A stdio transport started before any MCP client is attached (a process booting while the host still
 * loads): the child's start is under way from construction, and whatever it says before `start()` is
 * held and handed to the client that then connects, as if that client had started it itself.
 *
 * - `start()` settles as the inner start did: a command that could not be spawned rejects with the same
 *   error.
 * - Messages and errors that came early are delivered, in order, right after `start()` resolves.
 * - A child gone before the client arrived behaves as one that exits just after the client's first
 *   message: the message is accepted and the close follows, so the client reports the same
 *   "Connection closed" (with the exit code and stderr) as without the early start.
 */
export class EarlyStartedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private readonly started: Promise<void>;
  private readonly held: Held[] = [];
  private attached = false;
  private closedEarly = false;
  private closeDelivered = false;

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message) => this.pass({ kind: "message", message });
    inner.onerror = (error) => this.pass({ kind: "error", error });
    inner.onclose = () => {
      if (this.attached) this.deliverClose();
      else this.closedEarly = true;
    };
    this.started = inner.start();
    // Observed here so an early spawn failure is no unhandled rejection; start() hands it on.
    this.started.catch(() => {});
  }

  /** The child's pid, when the inner transport is a process (with `stderr`, the SDK's mark of stdio). */
  get pid(): number | null {
    return (this.inner as { pid?: number }).pid ?? null;
  }

  get stderr(): unknown {
    return (this.inner as { stderr?: unknown }).stderr ?? null;
  }

  /** Whether a client has taken the transport over. */
  get taken(): boolean {
    return this.attached;
  }

  async start(): Promise<void> {
    if (this.attached) throw new Error("EarlyStartedTransport already started");
    this.attached = true;
    await this.started;
    for (const held of this.held.splice(0)) this.deliver(held);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closedEarly && !this.closeDelivered) {
      // The child exited before this client came: the write "succeeds" and the close follows.
      setImmediate(() => this.deliverClose());
      return;
    }
    await this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private pass(held: Held): void {
    if (this.attached && this.held.length === 0) this.deliver(held);
    else this.held.push(held);
  }

  private deliver(held: Held): void {
    if (held.kind === "message") this.onmessage?.(held.message);
    else this.onerror?.(held.error);
  }

  private deliverClose(): void {
    if (this.closeDelivered) return;
    this.closeDelivered = true;
    this.onclose?.();
  }
}
