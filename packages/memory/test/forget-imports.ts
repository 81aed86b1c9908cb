import { MemoryError } from "../src/index.js";

export {
  applyForget,
  type LiteMemoryStore,
  openLiteMemoryStore,
  prepareForget,
  restoreForget,
} from "../src/lite/index.js";
export { pruneForgetBackups } from "../src/lite/forget-apply.js";

/** The MemoryError code of a thrown value, or "unexpected". */
export function MemoryErrorCodeOf(error: unknown): string {
  return MemoryError.isInstance(error) ? error.code : "unexpected";
}
