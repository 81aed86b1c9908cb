import type { DeclaredMcpServer } from "./loaded-config.js";
import type { ConfigIssue } from "./mono-agent-config-error.js";
import { appendJsonPath } from "./json-path.js";

/** Header or env names that usually carry a secret. */
const CREDENTIAL_NAME =
  /authorization|token|secret|passw(or)?d|api[-_]?key|credential|private[-_]?key|cookie|session[-_]?id/i;

/** Values shaped like a secret: auth schemes and well-known token prefixes. */
const CREDENTIAL_VALUE =
  /^(bearer|basic|token)\s+\S{4,}|^(sk-|sk_|ghp_|gho_|github_pat_|xox[abpr]-|glpat-|AKIA)[A-Za-z0-9_-]{8,}/i;

/** Literal values too plain to be a secret: numbers and booleans (avoids flagging MAX_TOKENS=8000). */
const PLAIN_VALUE = /^(\d+|true|false)$/i;

function environmentName(name: string): string {
  return name.replace(/[^A-Za-z0-9]+/g, "_").toUpperCase();
}

function looksLikeCredential(name: string, value: string): boolean {
  if (value.trim() === "" || PLAIN_VALUE.test(value.trim())) return false;
  return CREDENTIAL_NAME.test(name) || CREDENTIAL_VALUE.test(value.trim());
}

/** Warnings for literal header or env values that look like credentials, each suggesting a `{ "$env": ... }` reference. */
export function findLiteralCredentials(server: DeclaredMcpServer): ConfigIssue[] {
  const { spec, origin } = server;
  const field = "command" in spec ? "env" : "headers";
  const values = ("command" in spec ? spec.env : spec.headers) ?? {};
  const issues: ConfigIssue[] = [];
  const oauth = "command" in spec || spec.oauth === false ? undefined : spec.oauth;
  for (const name of ["clientSecret", "privateKey"] as const) {
    const value = oauth?.[name];
    if (typeof value !== "string") continue;
    const jsonPath = appendJsonPath(origin.jsonPath, ["oauth", name]);
    const variable = `${environmentName(server.name)}_${environmentName(name === "clientSecret" ? "client_secret" : "private_key")}`;
    issues.push(literalIssue(origin.file, jsonPath, `oauth.${name} is a literal value`, variable));
  }
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== "string" || !looksLikeCredential(name, value)) continue;
    const jsonPath = appendJsonPath(origin.jsonPath, [field, name]);
    const variable =
      field === "env" ? environmentName(name) : `${environmentName(server.name)}_${environmentName(name)}`;
    const what = `the ${field === "env" ? "env entry" : "header"} ${JSON.stringify(name)} holds a literal value that looks like a credential`;
    issues.push(literalIssue(origin.file, jsonPath, what, variable));
  }
  return issues;
}

function literalIssue(file: string, jsonPath: string, what: string, variable: string): ConfigIssue {
  const suggestion = `{ "$env": "${variable}" }`;
  return {
    severity: "warning",
    code: "literal_credential",
    file,
    jsonPath,
    message: `${file} at ${jsonPath}: ${what}; use ${suggestion} and set ${variable} in the environment or .env instead.`,
    expected: 'a { "$env": "NAME" } reference for credentials',
    suggestion,
  };
}
