import type { EnvRecord } from "./loaded-config.js";
import { setOwnProperty } from "./set-own-property.js";

/**
 * The host-resolved env: every exported variable, plus the .env file's variables for names not exported.
 * A file never overrides an exported variable, even one exported as the empty string.
 */
export function mergeEnvFile(exported: EnvRecord, fromFile: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(exported))
    if (value !== undefined) setOwnProperty(merged, name, value);
  for (const [name, value] of Object.entries(fromFile))
    if (!Object.hasOwn(merged, name)) setOwnProperty(merged, name, value);
  return merged;
}
