import * as z from "zod";

const rootListSchema = z.array(z.string().min(1));

/**
 * `tools.filesystem`: where the built-in file tools may reach besides the workspace. Each root is a
 * directory, absolute or relative to the workspace; containment is checked lexically and on the real
 * (symlink-free) path of every file a tool opens. The host's own state stays out of reach whatever
 * the roots say.
 */
export const filesystemSchema = z
  .strictObject({
    readableRoots: rootListSchema
      .optional()
      .describe(
        "Extra directories Read, Grep and Glob may read, besides the workspace (absolute or relative to the workspace). Env MONO_AGENT_FILE_TOOL_READABLE_ROOTS.",
      ),
    writableRoots: rootListSchema
      .optional()
      .describe(
        "Extra directories Write and Edit may change (and Read, Grep, Glob read), besides the workspace. Env MONO_AGENT_FILE_TOOL_WRITABLE_ROOTS.",
      ),
  })
  .describe("Roots of the built-in file tools (Read, Write, Edit, Grep, Glob).");
