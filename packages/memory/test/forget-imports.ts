import { MemoryError } from "../src/index.js";

export {
  applyForget,
  type LiteMemoryStore,
  openLiteMemoryStore,
  prepareForget,
  pruneForgetBackups,
  restoreForget,
} from "../src/lite/index.js";

/** The MemoryError code of a thrown value, or "unexpected". */
export function MemoryErrorCodeOf(error: unknown): string {
  return MemoryError.isInstance(error) ? error.code : "unexpected";
}
