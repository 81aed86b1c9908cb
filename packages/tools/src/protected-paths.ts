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
  /**
   * Entries of a folder protected by name, like `noAccess`, whenever they appear: checked on every file
   * tool call and listed again for every sandboxed command, so a file created after this object was built
   * (a `.env.production` a deploy writes while `serve` runs) is covered too.
   */
  readonly noAccessNames?: readonly ProtectedNames[];
}

/** Names of the direct entries of one folder that are no-access (everything below such an entry too). */
export interface ProtectedNames {
  /** The folder (absolute) whose entries are matched. */
  readonly directory: string;
  /** Name patterns in the `sandbox.denyWrite` syntax (`.env`, `.env.*`); dot names are matched. */
  readonly names: readonly string[];
  /** Why, as a phrase for the refusal ("an env file of the agent folder"). */
  readonly reason: string;
}
