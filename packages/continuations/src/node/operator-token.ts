import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ContinuationError } from "../continuation-error.js";
import { operatorToken } from "./continuation-tokens.js";
import { checkStateFile, STATE_FILES, STATE_SECRET_BYTES } from "./state-dir.js";

/**
 * The operator API bearer of a state directory, derived from its owner-only `secret.key` (never
 * created here: `store_failed` until the service has started once). For an operator tool; never log it.
 */
export function readOperatorToken(stateDir: string): string {
  const path = join(resolve(stateDir), STATE_FILES.secret);
  if (!existsSync(path))
    throw new ContinuationError(
      "store_failed",
      `no secret at ${path}; it is created when the continuation service first starts`,
    );
  checkStateFile(path);
  const secret = readFileSync(path);
  if (secret.length !== STATE_SECRET_BYTES)
    throw new ContinuationError(
      "store_failed",
      `${path} holds ${secret.length} bytes, not ${STATE_SECRET_BYTES}`,
    );
  return operatorToken(secret);
}
