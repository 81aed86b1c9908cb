import { isIP } from "node:net";
import type { SandboxPolicy } from "@mono-agent/sandbox";
import { allowlistAllowsHost } from "@mono-agent/sandbox";
import { createRequire } from "node:module";
import type { IPv6 } from "ipaddr.js";

/** ipaddr.js is CommonJS with `export =`; loaded through require so no interop flag is needed. */
const ipaddr = createRequire(import.meta.url)("ipaddr.js") as typeof import("ipaddr.js");

/** The network part of a sandbox policy: what WebFetch may reach. */
export type WebNetworkPolicy = SandboxPolicy["network"];

/** Why an address is special (not on the public internet). */
export type SpecialAddressKind = "loopback" | "private" | "link-local" | "metadata" | "reserved";

/** Cloud metadata endpoints (AWS, GCP, Azure, OpenStack at 169.254.169.254; AWS IPv6 at fd00:ec2::254). */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

const RANGE_KINDS: Record<string, SpecialAddressKind> = {
  loopback: "loopback",
  private: "private",
  uniqueLocal: "private",
  carrierGradeNat: "private",
  linkLocal: "link-local",
  unspecified: "reserved",
  broadcast: "reserved",
  multicast: "reserved",
  reserved: "reserved",
  benchmarking: "reserved",
  amt: "reserved",
  as112: "reserved",
  as112v6: "reserved",
  deprecated: "reserved",
  orchid2: "reserved",
  droneRemoteIdProtocolEntityTags: "reserved",
  discard: "reserved",
  teredo: "reserved",
  "6to4": "reserved",
  rfc6145: "reserved",
  rfc6052: "reserved",
};

/** The special kind of an IP address, or undefined for a public one (IPv4-mapped IPv6 judged as IPv4). */
export function specialAddressKind(address: string): SpecialAddressKind | undefined {
  if (!ipaddr.isValid(address)) return "reserved";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as IPv6).isIPv4MappedAddress())
    parsed = (parsed as IPv6).toIPv4Address();
  if (METADATA_ADDRESSES.has(parsed.toString())) return "metadata";
  return RANGE_KINDS[parsed.range()];
}

/** How WebFetch decides whether it may connect to a host and an address it resolved to. */
export interface WebAddressPolicy {
  /** A refusal reason for the host name before any lookup (allowlist mode), or undefined. */
  refuseHost(hostname: string): string | undefined;
  /** A refusal reason for one resolved address of `hostname`, or undefined when it may be used. */
  refuseAddress(hostname: string, address: string): string | undefined;
}

/**
 * WebFetch's reach under `sandbox.network` (it runs on the host, so the policy is applied here):
 * - `none` and `localhost`: public addresses; `localhost` also loopback (the host's own services);
 * - `allowlist`: only hosts the allowlist names (as the sandbox's proxy does); a listed host may resolve
 *   to any address, because listing it is the explicit permission;
 * - `all`: every address.
 * Private, link-local, metadata and reserved addresses are refused unless allowed as above.
 */
export function createWebAddressPolicy(network: WebNetworkPolicy): WebAddressPolicy {
  const listed = (hostname: string) =>
    network.mode === "allowlist" && allowlistAllowsHost(network.allowlist, hostname);
  return {
    refuseHost(hostname) {
      if (network.mode !== "allowlist" || listed(hostname)) return undefined;
      return `${hostname} is not in sandbox.network.allowlist (${network.allowlist.join(", ") || "empty"}); add it there to let WebFetch reach it`;
    },
    refuseAddress(hostname, address) {
      if (network.mode === "all" || listed(hostname)) return undefined;
      const kind = specialAddressKind(address);
      if (kind === undefined) return undefined;
      if (kind === "loopback" && network.mode === "localhost") return undefined;
      const shown = isIP(hostname) ? address : `${hostname} (${address})`;
      return `${shown} is a ${kind} address, which WebFetch does not reach under sandbox.network.mode "${network.mode}"; only public addresses are fetched unless the host is listed in sandbox.network.allowlist (mode "allowlist")${kind === "loopback" ? ' or the mode is "localhost"' : ""}`;
    },
  };
}
