import { readFile } from "node:fs/promises";

/**
 * Most host loopback ports forwarded into one sandbox in `localhost` mode. Each costs one listening
 * socket in the sandbox; a developer machine listens on a few dozen, so 256 leaves room without letting
 * a busy host make every command slow to start.
 */
export const MAX_FORWARDED_LOOPBACK_PORTS = 256;

/** TCP state LISTEN in /proc/net/tcp. */
const LISTEN = "0A";

/** Local addresses a loopback client reaches: 127.0.0.0/8, 0.0.0.0, ::1, ::, and ::ffff:127.x.y.z. */
function reachableFromLoopback(hexAddress: string): boolean {
  if (hexAddress.length === 8) return hexAddress === "00000000" || hexAddress.endsWith("7F");
  const v6 = hexAddress.toUpperCase();
  return (
    v6 === "0".repeat(32) ||
    v6 === "00000000000000000000000001000000" ||
    (v6.startsWith("0000000000000000FFFF0000") && v6.endsWith("7F"))
  );
}

/**
 * The TCP ports the host listens on where a loopback client can connect, from /proc/net/tcp and
 * /proc/net/tcp6 (lowest first, at most {@link MAX_FORWARDED_LOOPBACK_PORTS}). Empty off Linux.
 */
export async function loopbackListeningPorts(): Promise<number[]> {
  const ports = new Set<number>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(file, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== LISTEN || !local) continue;
      const [address, portHex] = local.split(":");
      if (address && portHex && reachableFromLoopback(address)) ports.add(Number.parseInt(portHex, 16));
    }
  }
  return [...ports].sort((a, b) => a - b).slice(0, MAX_FORWARDED_LOOPBACK_PORTS);
}
