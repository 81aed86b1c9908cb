/** Most attachments one request may carry; more is a malformed request, not a use case. */
export const MAX_ATTACHMENTS_PER_REQUEST = 32;

/**
 * Largest attachment staged, in bytes: 25,000,000, the bound mono-agent uses for one run-output file
 * handed between host and server (a ~20 MB chat upload fits with room to spare).
 */
export const MAX_ATTACHMENT_BYTES = 25_000_000;

/** Longest staged file name, in characters; longer names are cut (the extension is kept). */
export const ATTACHMENT_NAME_MAX_CHARACTERS = 120;

/** Permissions of every staging directory: owner only. */
export const ATTACHMENT_DIRECTORY_MODE = 0o700;

/** Permissions of every staged file: owner read/write only. */
export const ATTACHMENT_FILE_MODE = 0o600;
