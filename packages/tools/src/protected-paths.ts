/**
 * Host state the built-in file tools never reach, whatever the roots say (absolute paths; a directory
 * covers everything below it, and a path that does not exist yet is protected from being created).
 * The sandboxed Bash hides the same lists: `noAccess` not mounted, `readOnly` mounted read-only.
 */
export interface ProtectedPaths {
  /** Neither read nor written nor listed by Read, Write, Edit, Grep and Glob. */
  readonly noAccess: readonly string[];
  /** Read and listed, never written (the instructions file). */
  readonly readOnly: readonly string[];
  /** Why each path is protected, as a phrase for the refusal ("the conversation store"). */
  readonly reasons?: Readonly<Record<string, string>>;
}
