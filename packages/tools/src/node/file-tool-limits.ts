/**
 * Largest file Read and Edit load (32 MiB). Read shows at most {@link TOOL_OUTPUT_MAX_LINES} lines or
 * {@link TOOL_OUTPUT_MAX_BYTES} per call and pages the rest with `offset`, but loads the whole file each
 * time; a bigger file is refused rather than held in memory.
 */
export const FILE_TOOL_MAX_READ_BYTES = 32 * 1024 * 1024;

/**
 * Most lines of Read or Bash output the model sees per call (2,000): pi-coding-agent's `DEFAULT_MAX_LINES`,
 * kept so the model meets the same bounds it was tuned on (and the bound mcp-bridge applies to MCP results).
 */
export const TOOL_OUTPUT_MAX_LINES = 2_000;

/**
 * Most bytes (UTF-8) of Read or Bash output the model sees per call (50 KiB): pi-coding-agent's
 * `DEFAULT_MAX_BYTES` (51,200), the same bound as {@link TOOL_OUTPUT_MAX_LINES}.
 */
export const TOOL_OUTPUT_MAX_BYTES = 50 * 1024;
