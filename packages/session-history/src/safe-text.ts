import { createSecretScanner, opaquePaths, type SecretScanner } from "@mono-agent/evidence";

const shapeScanner = createSecretScanner();

/**
 * Read-time pass over stored (already redacted) text: secrets found now (token shapes and assignments
 * always, configured values when the host's scanner knows them), and path opacity again.
 */
export function safeText(text: string, secretScanner: SecretScanner | undefined): string {
  return opaquePaths((secretScanner ?? shapeScanner).replaceSecrets(text));
}
