/** Folder names under which the next component is an account name (`/home/alice`, `C:\Users\bob`). */
const HOME_ROOTS = new Set(["home", "users", "user", "documents and settings", "export"]);

/** Folders of run artifacts and the run ids beneath them (reference §2.5, §4.1, seed page). */
const ARTIFACT_FOLDERS = new Set(["tool-output", "outbound", "artifacts", "tool-history", "history"]);

const KEY_FILE =
  /^(?:id_[a-z0-9]+(?:\.pub)?|known_hosts|authorized_keys|.*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|gpg|asc|ppk|crt|cer))$/i;
const CREDENTIAL_WORD = /secret|token|passw|credential|private|api[_.-]?key|auth/i;
const RUN_ARTIFACT = /^(?:run|mem)-.+\.(?:events\.jsonl|summary\.json)$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LONG_HEX = /^[0-9a-f]{16,}$/i;
const RANDOM_ID = /^(?=[A-Za-z0-9_.-]{16,}$)(?=.*[0-9].*[0-9].*[0-9].*[0-9])(?=.*[A-Za-z]).*$/;

/**
 * The rule that decides which trailing path components may stay visible after `[host-path]`.
 * A component is sensitive when it is:
 * - an account name: directly after `home`, `Users`, `user`, `export` or `Documents and Settings`,
 *   or one of those folders itself (the home prefix never survives);
 * - hidden (starts with `.`: `.ssh`, `.aws`, `.env`, `.mono-agent`, `.git` …);
 * - a key or credential file (`id_rsa`, `*.pem`, `*.key`, `known_hosts` …) or a name containing
 *   secret, token, passw, credential, private, api key or auth;
 * - a run artifact (`run-<id>.events.jsonl`, `tool-output`, `outbound`, `artifacts`, `history`
 *   and the run id directly beneath them);
 * - an opaque id: a UUID, 16+ hex digits, or a 16+ character name with 4+ digits and a letter;
 * - an address (contains `@`), or the host of a UNC path or `file://` URL (`hostComponent`).
 */
export function isSensitivePathComponent(
  component: string,
  previous: string | undefined,
  hostComponent: boolean,
): boolean {
  const lower = component.toLowerCase();
  const previousLower = previous?.toLowerCase();
  return (
    hostComponent ||
    HOME_ROOTS.has(lower) ||
    (previousLower !== undefined && (HOME_ROOTS.has(previousLower) || ARTIFACT_FOLDERS.has(previousLower))) ||
    component.startsWith(".") ||
    KEY_FILE.test(component) ||
    CREDENTIAL_WORD.test(component) ||
    RUN_ARTIFACT.test(component) ||
    ARTIFACT_FOLDERS.has(lower) ||
    UUID.test(component) ||
    LONG_HEX.test(component) ||
    RANDOM_ID.test(component) ||
    component.includes("@")
  );
}
