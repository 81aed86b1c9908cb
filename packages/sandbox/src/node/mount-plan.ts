/** One step of building the sandbox's file system view, in the order the engine applies them. */
export type MountStep =
  | { kind: "ro-bind" | "bind"; source: string; path: string }
  | { kind: "symlink"; target: string; path: string }
  | { kind: "tmpfs"; path: string; readOnly: boolean }
  | { kind: "dev" | "proc"; path: string };

/**
 * A mount the host checks in the sandbox before the command starts: each protected path must be a
 * read-only mount point at exactly this path (not somewhere a symlink swapped in meanwhile points to).
 */
export interface ExpectedMount {
  path: string;
  readOnly: boolean;
}

/** The file system view of one sandboxed command. */
export interface MountPlan {
  steps: MountStep[];
  /** Protected paths to check once the engine has built the view. */
  expected: ExpectedMount[];
  /** Placeholders this command holds (see `acquirePlaceholder`), given back after it exits. */
  placeholders: string[];
}

/** The bubblewrap arguments of a plan's steps, in order. */
export function bubblewrapMountArgs(steps: readonly MountStep[]): string[] {
  return steps.flatMap(stepArgs);
}

function stepArgs(step: MountStep): string[] {
  if (step.kind === "ro-bind" || step.kind === "bind") return [`--${step.kind}`, step.source, step.path];
  if (step.kind === "symlink") return ["--symlink", step.target, step.path];
  if (step.kind === "tmpfs")
    return step.readOnly ? ["--tmpfs", step.path, "--remount-ro", step.path] : ["--tmpfs", step.path];
  return [`--${step.kind}`, step.path];
}
