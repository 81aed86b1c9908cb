import type { CheckLine } from "@mono-agent/config";

/**
 * One finding of a channel's config check (`mono-agent validate`): the shared `CheckLine` of
 * `@mono-agent/config`. The host renders findings; the channel never prints.
 */
export type ChannelCheckLine = CheckLine;
