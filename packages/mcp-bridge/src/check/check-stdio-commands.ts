import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import {
  type CheckLine,
  type DeclaredMcpServer,
  type EnvRecord,
  isStdioServerSpec,
} from "@mono-agent/config";

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the command of a stdio server resolves, as spawn would find it: a path (with a `/`) against
 * the child's working directory, a bare name on the PATH the child gets (its own `env.PATH` when it
 * sets one literally, else the host's). `undefined` when nothing executable is there.
 */
export function resolveStdioCommand(command: string, childCwd: string, path: string): string | undefined {
  if (command.includes("/")) {
    const file = isAbsolute(command) ? command : resolve(childCwd, command);
    return isExecutableFile(file) ? file : undefined;
  }
  for (const folder of path.split(delimiter)) {
    if (folder === "") continue;
    const file = join(resolve(childCwd, folder), command);
    if (isExecutableFile(file)) return file;
  }
  return undefined;
}

/** An error line for each enabled stdio server whose command is not found; it would fail every run. */
export function checkStdioCommands(
  servers: Record<string, DeclaredMcpServer>,
  env: EnvRecord,
  workspaceDir: string,
): CheckLine[] {
  return Object.values(servers).flatMap((server): CheckLine[] => {
    const { spec } = server;
    if (spec.enabled === false || !isStdioServerSpec(spec)) return [];
    const childCwd = resolve(workspaceDir, spec.cwd ?? ".");
    const ownPath = spec.env?.["PATH"];
    const path = typeof ownPath === "string" ? ownPath : (env["PATH"] ?? "");
    if (resolveStdioCommand(spec.command, childCwd, path) !== undefined) return [];
    const where = spec.command.includes("/")
      ? `${resolve(childCwd, spec.command)} is not an executable file`
      : `it is not on the PATH${typeof ownPath === "string" ? " the server's env sets" : ""}`;
    return [
      {
        status: "error",
        code: "mcp_command_not_found",
        file: server.origin.file,
        jsonPath: `${server.origin.jsonPath}.command`,
        message: `MCP server ${server.name}: command "${spec.command}" cannot be started: ${where}; every run skips this server`,
        suggestion: spec.command.includes("/")
          ? "fix the path (relative paths resolve against the server's cwd, by default the workspace)"
          : spec.command === "mono-agent"
            ? "put the mono-agent command on PATH: `npm run setup` in a clone of mono-agent (or `npm install -g @mono-agent/agent`)"
            : `install ${spec.command}, add its folder to PATH, or give the command's absolute path`,
      },
    ];
  });
}
