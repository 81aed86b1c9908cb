import * as z from "zod";

/** Files a sandboxed command may never write when `sandbox.denyWrite` is not set (mono-agent v0 defaults). */
export const DEFAULT_SANDBOX_DENY_WRITE: readonly string[] = [
  ".env",
  ".env.*",
  ".git/config",
  ".git/hooks/**",
];

/** Roots of the sandbox when `readableRoots` / `writableRoots` are not set: the workspace. */
export const DEFAULT_SANDBOX_ROOTS: readonly string[] = ["."];

/** The accepted form of a `sandbox.network.allowlist` entry, as error messages and docs show it. */
export const SANDBOX_ALLOWLIST_ENTRY_FORM =
  'a host name such as "registry.npmjs.org" or a suffix such as "*.github.com" (no scheme, port, path, CIDR, IPv6 or bare "*")';

/** One DNS label: letters, digits and inner hyphens, 1..63 characters. */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Longest host name DNS allows (RFC 1035: 253 characters in text form). */
const MAX_HOST_NAME_CHARS = 253;

/**
 * Why `entry` is not a valid `sandbox.network.allowlist` entry, or undefined when it is: a lower-case
 * host name (`api.example.com`, `localhost`, an IPv4 literal such as `127.0.0.1`) or `*.` followed by
 * a host name of at least two labels (`*.example.com`). Ports, schemes, paths, CIDR ranges, IPv6 and a
 * bare `*` are refused, so an entry can only ever name hosts.
 */
export function sandboxAllowlistEntryProblem(entry: string): string | undefined {
  if (entry === "*") return 'a bare "*" would allow every host; use sandbox.network.mode "all" instead';
  if (entry.includes("/")) return "CIDR ranges, schemes and paths are not accepted";
  if (entry.includes(":")) return "ports and IPv6 addresses are not accepted";
  const wildcard = entry.startsWith("*.");
  const host = wildcard ? entry.slice(2) : entry;
  if (host !== host.toLowerCase()) return "write host names in lower case";
  if (host.length === 0 || host.length > MAX_HOST_NAME_CHARS) return "the host name is empty or too long";
  const labels = host.split(".");
  if (!labels.every((label) => HOST_LABEL.test(label)))
    return "only letters, digits, hyphens and dots are accepted (a wildcard only as a leading *.)";
  if (wildcard && labels.length < 2) return 'a suffix needs at least two labels, e.g. "*.example.com"';
  return undefined;
}

const rootListSchema = (description: string) =>
  z
    .array(z.string().min(1))
    .default([...DEFAULT_SANDBOX_ROOTS])
    .describe(description);

export const sandboxNetworkSchema = z
  .strictObject({
    mode: z
      .enum(["none", "localhost", "allowlist", "all"])
      .default("none")
      .describe(
        'What a sandboxed command may reach: "none" (no network), "localhost" (the host\'s loopback services), "allowlist" (only the listed hosts, through a filtering proxy), "all". Env MONO_AGENT_SANDBOX_NETWORK_MODE. Default "none".',
      ),
    allowlist: z
      .array(
        z.string().superRefine((entry, context) => {
          const problem = sandboxAllowlistEntryProblem(entry);
          if (problem)
            context.addIssue({
              code: "custom",
              message: `${problem}; expected ${SANDBOX_ALLOWLIST_ENTRY_FORM}`,
            });
        }),
      )
      .default([])
      .describe(
        'Hosts reachable in "allowlist" mode: exact names or "*.suffix" (subdomains). Loopback is never implicit. Env MONO_AGENT_SANDBOX_NETWORK_ALLOWLIST (comma-separated). Default [].',
      ),
  })
  .describe("Network of sandboxed commands.");

export const sandboxSchema = z
  .strictObject({
    mode: z
      .enum(["native", "off"])
      .default("native")
      .describe(
        '"native" confines Bash with the OS sandbox engine (bubblewrap on Linux); "off" runs it on the host, unconfined, with a warning at every run. Env MONO_AGENT_SANDBOX_MODE. Default "native".',
      ),
    network: sandboxNetworkSchema.prefault({}),
    readableRoots: rootListSchema(
      'Folders a sandboxed command may read (read-only), relative to the workspace. Env MONO_AGENT_SANDBOX_READABLE_ROOTS. Default ["."].',
    ),
    writableRoots: rootListSchema(
      'Folders a sandboxed command may write, relative to the workspace. Env MONO_AGENT_SANDBOX_WRITABLE_ROOTS. Default ["."].',
    ),
    denyWrite: z
      .array(z.string().min(1))
      .default([...DEFAULT_SANDBOX_DENY_WRITE])
      .describe(
        `Paths (globs, relative to each writable root) a sandboxed command may never write; setting it replaces the defaults. Env MONO_AGENT_SANDBOX_DENY_WRITE. Default ${JSON.stringify(DEFAULT_SANDBOX_DENY_WRITE)}.`,
      ),
    allowGitWrites: z
      .boolean()
      .default(false)
      .describe(
        "Opt-in for agents that must commit: true lets Bash, Exec, NodeRepl, Write and Edit write the .git of each writable root (denyWrite still applies: .git/config and .git/hooks/** by default). false (the default) keeps .git, the git dir and common dir a .git file points to, and a root's HEAD where there is no .git read-only, because git reads its configuration and hooks from there and runs them on the host. JSON only. Default false.",
      ),
    fallback: z
      .enum(["fail-closed", "unsafe-host-process"])
      .default("fail-closed")
      .describe(
        'When the engine is missing: "fail-closed" refuses the command (sandbox_prepare_failed); "unsafe-host-process" runs it unconfined and needs unsafeAllowHostProcess: true. Default "fail-closed".',
      ),
    unsafeAllowHostProcess: z
      .boolean()
      .default(false)
      .describe('Must be true for fallback "unsafe-host-process". JSON only. Default false.'),
  })
  .superRefine((sandbox, context) => {
    if (sandbox.fallback === "unsafe-host-process" && !sandbox.unsafeAllowHostProcess)
      context.addIssue({
        code: "custom",
        path: ["unsafeAllowHostProcess"],
        message:
          'fallback "unsafe-host-process" runs commands unconfined when the engine is missing; set sandbox.unsafeAllowHostProcess to true to accept that, or keep fallback "fail-closed"',
      });
  })
  .describe("Confinement of Bash (and later Exec, NodeRepl): engine, file roots, denyWrite, network.");

/** The `sandbox` block after defaults. */
export type SandboxConfig = z.output<typeof sandboxSchema>;

/** The `sandbox` block when the config sets none: native, no network, the workspace, the v0 denyWrite list. */
export const DEFAULT_SANDBOX_CONFIG: SandboxConfig = sandboxSchema.parse({});
