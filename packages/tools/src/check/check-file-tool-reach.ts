import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import { isInsideDirectory } from "../is-inside-directory.js";
import type { ProtectedPaths } from "../protected-paths.js";

/**
 * Where Read, Write, Edit, Grep and Glob reach (the workspace and the `tools.filesystem` roots), and the
 * host state they never reach whatever the roots say. The host passes the protected paths it collects.
 */
export function checkFileToolReach(
  loaded: LoadedConfig,
  options: { protectedPaths: ProtectedPaths },
): CheckLine[] {
  const shown = (path: string) => {
    const fromAgent = relative(loaded.agentDir, path);
    return isInsideDirectory(loaded.agentDir, path) ? fromAgent || "." : path;
  };
  const lines: CheckLine[] = [
    { status: "ok", message: `File tools read and write the workspace ${loaded.workspaceDir}.` },
  ];
  const roots = loaded.config.tools.filesystem;
  for (const [key, list, verb] of [
    ["tools.filesystem.readableRoots", roots?.readableRoots ?? [], "read"],
    ["tools.filesystem.writableRoots", roots?.writableRoots ?? [], "read and write"],
  ] as const) {
    for (const root of list) {
      const absolute = resolve(loaded.workspaceDir, root);
      const usable = existsSync(absolute) && statSync(absolute).isDirectory();
      lines.push(
        usable
          ? { status: "ok", message: `File tools also ${verb} ${absolute} (${key}).` }
          : {
              status: "warning",
              code: "file_tool_root_missing",
              jsonPath: key,
              message: `${key} names ${absolute}, which is not an existing folder; the file tools reach nothing there.`,
              suggestion: `create the folder, or remove "${root}" from ${key}`,
            },
      );
    }
  }
  const { protectedPaths } = options;
  lines.push({
    status: "ok",
    message: `Host state out of reach of the file tools: ${protectedPaths.noAccess.map(shown).join(", ")}${(
      protectedPaths.noAccessNames ?? []
    )
      .map(
        (entry) =>
          `; by name whenever they appear (checked on every call, Bash included): ${entry.names.join(", ")} in ${shown(entry.directory)}`,
      )
      .join("")}.`,
  });
  lines.push({
    status: "ok",
    message: `Read-only for the file tools: ${protectedPaths.readOnly.map(shown).join(", ")} (the instructions file).`,
  });
  const hiding = protectedPaths.noAccess.find((path) => isInsideDirectory(path, loaded.workspaceDir));
  if (hiding !== undefined)
    lines.push({
      status: "warning",
      code: "workspace_protected",
      jsonPath: "runtime.workspace",
      message: `The workspace ${loaded.workspaceDir} lies inside protected host state (${shown(hiding)}): every file tool call will be refused.`,
      suggestion:
        "point runtime.workspace at a folder outside .mono-agent, the artifacts and the memory folder",
    });
  return lines;
}
