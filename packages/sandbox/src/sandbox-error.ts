/**
 * Stable codes of {@link SandboxError}. Callers branch on the code, never on the message.
 *
 * - `sandbox_unavailable`: the engine (bubblewrap on Linux) is missing or cannot create namespaces here;
 *   the message names how to install or enable it. Fail closed: nothing ran.
 * - `sandbox_prepare_failed`: the engine is there but this command cannot be confined as the policy
 *   asks (a protected path is a symlink, the working directory is outside every root, the engine refused
 *   its setup, a protected path changed while the sandbox was set up). Nothing ran.
 * - `invalid_sandbox_request`: an argument has the wrong shape (an empty argv, a relative workspace, a
 *   request policy that is not a narrowing of the config); the message names the field.
 */
export type SandboxErrorCode = "sandbox_unavailable" | "sandbox_prepare_failed" | "invalid_sandbox_request";

const SANDBOX_ERROR_MARKER = Symbol.for("@mono-agent/sandbox/SandboxError");

/** The one error this package throws. */
export class SandboxError extends Error {
  override readonly name = "SandboxError";
  readonly code: SandboxErrorCode;
  readonly [SANDBOX_ERROR_MARKER] = true;

  constructor(code: SandboxErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True for a SandboxError from any copy of this package (`instanceof` fails across copies). */
  static isInstance(value: unknown): value is SandboxError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[SANDBOX_ERROR_MARKER] === true
    );
  }
}
