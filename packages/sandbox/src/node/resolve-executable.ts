import { accessSync, constants, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

/**
 * The file `command` names, the way execvp finds it: a name with a slash is taken as a path (relative
 * to `cwd`), any other name is looked up in the `PATH` of the child's env. Undefined when there is no
 * executable regular file of that name.
 */
export function resolveExecutable(
  command: string,
  options: { path?: string; cwd?: string },
): string | undefined {
  const isExecutableFile = (candidate: string) => {
    try {
      accessSync(candidate, constants.X_OK);
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes("/")) {
    const candidate = isAbsolute(command) ? command : resolve(options.cwd ?? "/", command);
    return isExecutableFile(candidate) ? candidate : undefined;
  }
  for (const directory of (options.path ?? "").split(":")) {
    if (directory === "") continue;
    const candidate = join(
      isAbsolute(directory) ? directory : resolve(options.cwd ?? "/", directory),
      command,
    );
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** The error Node's own spawn gives for a missing command (`spawn <command> ENOENT`), for callers that match on it. */
export function spawnNotFoundError(command: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`spawn ${command} ENOENT`);
  error.code = "ENOENT";
  error.errno = -2;
  error.syscall = `spawn ${command}`;
  error.path = command;
  return error;
}
