import { dirname, join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";

/** Where the conversation store lives: beside the artifacts folder (`.mono-agent/conversations.sqlite`). */
export function conversationStoreFile(loaded: LoadedConfig): string {
  return join(dirname(loaded.artifactsDir), "conversations.sqlite");
}
