/**
 * Host variables a Bash command may see, copied from the host-resolved env when set. None of them
 * carries a credential; everything else (API keys, tokens, cloud credentials) stays with the host.
 */
export const BASH_ENV_PASSTHROUGH: readonly string[] = [
  "PATH",
  "HOME",
  "LANG",
  "LC_ALL",
  "TERM",
  "TZ",
  "TMPDIR",
  "USER",
];

/** PATH used when the host env has none (the usual POSIX system directories). */
export const BASH_FALLBACK_PATH = "/usr/local/bin:/usr/bin:/bin";

/** Build the scrubbed environment a Bash command runs with: only {@link BASH_ENV_PASSTHROUGH}. */
export function createBashEnv(hostEnv: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of BASH_ENV_PASSTHROUGH) {
    const value = hostEnv[name];
    if (value !== undefined) env[name] = value;
  }
  env["PATH"] ??= BASH_FALLBACK_PATH;
  env["TERM"] ??= "dumb";
  return env;
}
