import type { AttachmentIdentity } from "./attachment-identity.js";
import { REQUEST_CONTEXT_ENV } from "./context-env-names.js";
import { McpEnvError } from "./mcp-env-error.js";

/** What an MCP server may read this request: the two allowed lists, parsed. */
export interface AllowedAttachments {
  paths: string[];
  identities: AttachmentIdentity[];
}

function parseList(env: Readonly<Record<string, string | undefined>>, name: string): unknown[] {
  const text = env[name];
  if (text === undefined || text === "") return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new McpEnvError("invalid_argument", `${name} is not JSON; expected a JSON array`, { cause: error });
  }
  if (!Array.isArray(value)) throw new McpEnvError("invalid_argument", `${name} is not a JSON array`);
  return value;
}

const isIdentityNumber = (value: unknown) =>
  (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) ||
  (typeof value === "string" && /^\d+$/.test(value));

/**
 * Reads `MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS` and `MONO_AGENT_MCP_ALLOWED_ATTACHMENT_IDENTITIES`
 * from the env you pass (a server passes `process.env`). Missing keys mean nothing is allowed. Throws
 * `invalid_argument` when a value is present but is not the JSON the host writes.
 */
export function allowedAttachmentsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): AllowedAttachments {
  const paths = parseList(env, REQUEST_CONTEXT_ENV.allowedAttachmentPaths);
  const identities = parseList(env, REQUEST_CONTEXT_ENV.allowedAttachmentIdentities);
  if (!paths.every((path) => typeof path === "string"))
    throw new McpEnvError(
      "invalid_argument",
      `${REQUEST_CONTEXT_ENV.allowedAttachmentPaths} must hold strings`,
    );
  const valid = identities.every((item) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    return (
      typeof entry["path"] === "string" && isIdentityNumber(entry["dev"]) && isIdentityNumber(entry["ino"])
    );
  });
  if (!valid)
    throw new McpEnvError(
      "invalid_argument",
      `${REQUEST_CONTEXT_ENV.allowedAttachmentIdentities} must hold { "path", "dev", "ino" } objects`,
    );
  return { paths: paths as string[], identities: identities as AttachmentIdentity[] };
}
