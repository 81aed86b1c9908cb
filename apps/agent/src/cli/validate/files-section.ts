import type { LoadedConfig } from "@mono-agent/config";
import { checkFileToolReach, collectProtectedPaths } from "@mono-agent/tools/check";
import { type CheckSection, section } from "./validate-report.js";

/**
 * The Files section: where Read, Write, Edit, Grep and Glob reach (the workspace and the
 * `tools.filesystem` roots), and the host state they never reach whatever the roots say.
 */
export function filesSection(
  loaded: LoadedConfig | undefined,
  options: { envFile?: string; cwd: string },
): CheckSection {
  if (!loaded)
    return section("files", "Files", [
      { status: "disabled", message: "Not checked: the config did not load." },
    ]);
  const protectedPaths = collectProtectedPaths({
    loaded,
    cwd: options.cwd,
    ...(options.envFile !== undefined ? { envFile: options.envFile } : {}),
  });
  return section("files", "Files", checkFileToolReach(loaded, { protectedPaths }));
}
