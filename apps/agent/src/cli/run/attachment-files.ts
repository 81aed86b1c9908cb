import { statSync } from "node:fs";
import { resolve } from "node:path";
import { EXIT_USAGE, ExitError } from "../exit-error.js";

/**
 * The `--attach FILE` values as run attachments, resolved against `cwd`. Each must be an existing
 * regular file; otherwise a usage error (exit 2) names it.
 */
export function attachmentFiles(cwd: string, files: readonly string[]): { path: string }[] {
  return files.map((file) => {
    const path = resolve(cwd, file);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats?.isFile())
      throw new ExitError(
        `--attach ${file}: ${stats ? "is not a regular file" : "no such file"}; pass a file to stage for the request-context servers`,
        EXIT_USAGE,
      );
    return { path };
  });
}
