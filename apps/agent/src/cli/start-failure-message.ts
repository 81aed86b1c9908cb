/**
 * Why the app did not start, for the CLI: the message, led by the error's stable code when it has one
 * (`store_locked: another mono-agent process owns the continuation store …`), so a user can search it.
 */
export function startFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^[a-z][a-z_]*$/.test(code) ? `${code}: ${message}` : message;
}
