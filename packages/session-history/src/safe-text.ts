import { opaquePaths, type SecretScanner } from "@mono-agent/evidence";

/** Read-time pass over stored (already redacted) text: secrets found now, and path opacity again. */
export function safeText(text: string, secretScanner: SecretScanner | undefined): string {
  return opaquePaths(secretScanner ? secretScanner.replaceSecrets(text) : text);
}
