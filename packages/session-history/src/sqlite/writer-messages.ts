import type { RetentionOptions } from "../retention-options.js";
import type { ToolLifecycleWrite } from "../tool-lifecycle-write.js";
import type { PersistenceErrorCode } from "../tool-record.js";

/** What the writer thread is started with. */
export interface WriterWorkerData {
  file: string;
  toolOutputRoot?: string;
  retention?: RetentionOptions;
  ownerId: string;
  /** How long a write keeps retrying while another connection holds the lock, in ms. */
  busyDeadlineMs: number;
}

/** Main thread → writer thread. */
export type WriterRequest =
  | { id: number; op: "write"; write: ToolLifecycleWrite }
  | { id: number; op: "maintain"; nowMs: number }
  | { id: number; op: "close"; nowMs: number };

/** Writer thread → main thread. */
export type WriterResponse =
  | { id: number; ok: true }
  | { id: number; ok: false; errorCode: PersistenceErrorCode; message: string };
