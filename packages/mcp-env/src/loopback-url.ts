/** Host names of a loopback continuation endpoint: only these, as the MCP servers page says. */
export const LOOPBACK_HOSTS: readonly string[] = ["localhost", "127.0.0.1", "::1", "[::1]"];

/** True when `url` is `http:` or `https:` on localhost, 127.0.0.1 or ::1. Pure. */
export function isLoopbackHttpUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === "http:" || parsed.protocol === "https:") &&
      LOOPBACK_HOSTS.includes(parsed.hostname)
    );
  } catch {
    return false;
  }
}
