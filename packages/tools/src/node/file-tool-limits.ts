/**
 * Largest file Read and Edit load (32 MiB). pi's Read shows at most 2,000 lines or 50 KiB per call and
 * pages the rest with `offset`, but loads the whole file each time; a bigger file is refused rather than
 * held in memory.
 */
export const FILE_TOOL_MAX_READ_BYTES = 32 * 1024 * 1024;
