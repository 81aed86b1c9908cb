import { ASSIGNMENT_VALUE_MAX_CHARS } from "./limits.js";
import type { SecretFinding, SecretKind } from "./secret-kind.js";

/**
 * One linear-time pass over the text: every alternative starts with a literal or a bounded class,
 * and no quantified group is nested, so there is no catastrophic backtracking.
 */
const TOKEN_PATTERN = new RegExp(
  [
    String.raw`(?<openai>\bsk-(?:proj-|svcacct-|admin-)?[a-z0-9_-]{12,})`,
    String.raw`(?<githubFine>\bgithub_pat_[a-z0-9_]{20,})`,
    String.raw`(?<github>\bgh[pousr]_[a-z0-9]{20,})`,
    String.raw`(?<slack>\bxox[baprs]-[a-z0-9-]{10,})`,
    String.raw`(?<slackApp>\bxapp-[a-z0-9-]{10,})`,
    String.raw`(?<aws>\b(?:akia|asia)[a-z0-9]{16}\b)`,
    "(?<telegram>(?<![0-9])[0-9]{6,12}:[a-z0-9_-]{20,})",
    String.raw`(?<scheme>\b(?:bearer|basic)[ \t]+[a-z0-9._~+/=-]{12,})`,
    "(?<privateKey>-----BEGIN[ a-z0-9]{0,40}PRIVATE KEY-----)",
    String.raw`(?<jwt>\beyJ[a-z0-9_-]{8,}\.eyJ[a-z0-9_-]{8,}\.[a-z0-9_-]{8,})`,
    String.raw`(?<stripe>\b[rs]k_live_[a-z0-9]{16,})`,
    String.raw`(?<google>\baiza[0-9a-z_-]{35})`,
    String.raw`(?<npm>\bnpm_[a-z0-9]{36})`,
    String.raw`(?<azure>\baccountkey[ \t]{0,4}=[ \t]{0,4}[a-z0-9+/]{20,}={0,2})`,
    String.raw`(?<pemBody>\bmii[a-z0-9+/]{60,}={0,2})`,
    String.raw`(?<url>\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s/:@]{1,256}:[^\s/@]{1,256}@)`,
    String.raw`(?<assignment>(?:passw(?:or)?d|passphrase|secret|token|api[_. :-]?key|access[_.-]?key|private[_. -]?key|credentials?)\\?["'\x60]?[ \t]{0,4}[:=](?![=>]))`,
  ].join("|"),
  "gi",
);

const GROUP_KINDS: ReadonlyArray<readonly [string, SecretKind]> = [
  ["openai", "openai_api_key"],
  ["githubFine", "github_fine_grained_token"],
  ["github", "github_token"],
  ["slack", "slack_token"],
  ["slackApp", "slack_app_token"],
  ["aws", "aws_access_key_id"],
  ["telegram", "telegram_bot_token"],
  ["scheme", "authorization_credentials"],
  ["privateKey", "private_key_block"],
  ["jwt", "json_web_token"],
  ["stripe", "stripe_live_key"],
  ["google", "google_api_key"],
  ["npm", "npm_token"],
  ["azure", "azure_account_key"],
  ["pemBody", "pem_body"],
  ["url", "url_credentials"],
];

/**
 * Values that stand for a credential without being one: the exact `[redacted]` marker, a mask
 * of asterisks, an environment or template reference (`$NAME`, `${NAME}`, `%NAME%`, `${{ … }}`,
 * `process.env…`, `os.environ…`, `os.getenv(…`), a type name or a null-like word.
 */
const EXEMPT_ASSIGNMENT_VALUE =
  /^(?:\[redacted\]|\*+|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|\$\{\{.*|(?:process\.env|os\.environ|os\.getenv)\b.*|(?:string|number|boolean|undefined|null|none|nil|unknown|any|true|false))$/i;

const BARE_VALUE_END = /[\s"'`,;&)}]/;

/** Token shapes and credential assignments in `text`. */
export function findPatternSecrets(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  TOKEN_PATTERN.lastIndex = 0;
  for (let match = TOKEN_PATTERN.exec(text); match; match = TOKEN_PATTERN.exec(text)) {
    const groups = match.groups!;
    const start = match.index;
    const end = start + match[0].length;
    if (groups.assignment !== undefined) {
      const value = readAssignmentValue(text, end);
      if (value) findings.push({ kind: "credential_assignment", ...value });
      continue;
    }
    const entry = GROUP_KINDS.find(([group]) => groups[group] !== undefined);
    if (!entry || !passesShapeCheck(entry[1], match[0])) continue;
    if (entry[1] === "private_key_block") {
      findings.push({ kind: entry[1], start, end: privateKeyBlockEnd(text, end) });
    } else if (entry[1] === "azure_account_key") {
      findings.push({ kind: entry[1], start: start + match[0].indexOf("=") + 1, end });
    } else if (entry[1] === "url_credentials") {
      const passwordStart = match[0].indexOf(":", match[0].indexOf("://") + 3) + 1;
      findings.push({ kind: entry[1], start: start + passwordStart, end: end - 1 });
    } else if (entry[1] === "authorization_credentials") {
      findings.push({ kind: entry[1], start: start + /^\S+[ \t]+/.exec(match[0])![0].length, end });
    } else findings.push({ kind: entry[1], start, end });
  }
  findings.push(...findAwsSecretKeys(text, findings));
  return findings;
}

/** How far a PEM private key's body may run past its BEGIN line (an 8192-bit RSA key is ~6.5 KiB). */
const PRIVATE_KEY_BODY_MAX_CHARS = 8_192;

const PRIVATE_KEY_END = /-----END[ A-Za-z0-9]{0,40}PRIVATE KEY-----/;
const BASE64_RUN = /^[\sA-Za-z0-9+/=]*/;

/** End of a private key block: its END line, else the end of the base64 body after the BEGIN line. */
function privateKeyBlockEnd(text: string, headerEnd: number): number {
  const window = text.slice(headerEnd, headerEnd + PRIVATE_KEY_BODY_MAX_CHARS);
  const closing = PRIVATE_KEY_END.exec(window);
  if (closing) return headerEnd + closing.index + closing[0].length;
  return headerEnd + BASE64_RUN.exec(window)![0].trimEnd().length;
}

/** Characters around an AWS access key id searched for its secret access key (the two travel together). */
const AWS_SECRET_WINDOW_CHARS = 200;

/** Phrases that name an AWS secret key in prose ("AWS secret key …", "secret access key …"). */
const AWS_SECRET_PHRASE = /\baws\b[^\n]{0,24}?\bsecret\b|\bsecret[ _.-]?access[ _.-]?key\b/gi;

/** Characters after such a phrase searched for the key. */
const AWS_PHRASE_WINDOW_CHARS = 64;

const AWS_SECRET_KEY = /(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;

/**
 * AWS secret access keys (40 characters of base64 with mixed case and a digit) beside an access key
 * id or after a phrase naming one. Bare 40-character strings elsewhere are left alone: git SHAs and
 * other ids have that length too.
 */
function findAwsSecretKeys(text: string, findings: readonly SecretFinding[]): SecretFinding[] {
  const windows: Array<[number, number]> = findings
    .filter((finding) => finding.kind === "aws_access_key_id")
    .map((finding) => [finding.start - AWS_SECRET_WINDOW_CHARS, finding.end + AWS_SECRET_WINDOW_CHARS]);
  AWS_SECRET_PHRASE.lastIndex = 0;
  for (let match = AWS_SECRET_PHRASE.exec(text); match; match = AWS_SECRET_PHRASE.exec(text)) {
    const end = match.index + match[0].length;
    windows.push([end, end + AWS_PHRASE_WINDOW_CHARS + 40]);
  }
  const found: SecretFinding[] = [];
  for (const [from, to] of windows) {
    const start = Math.max(0, from);
    const window = text.slice(start, Math.min(text.length, to));
    AWS_SECRET_KEY.lastIndex = 0;
    for (let match = AWS_SECRET_KEY.exec(window); match; match = AWS_SECRET_KEY.exec(window)) {
      if (!/[a-z]/.test(match[0]) || !/[A-Z]/.test(match[0]) || !/[0-9]/.test(match[0])) continue;
      const keyStart = start + match.index;
      if (!found.some((finding) => finding.start === keyStart)) {
        found.push({ kind: "aws_secret_access_key", start: keyStart, end: keyStart + 40 });
      }
    }
  }
  return found;
}

/** Extra checks that keep words and slugs out: real keys carry digits or mixed case. */
function passesShapeCheck(kind: SecretKind, matched: string): boolean {
  if (kind === "openai_api_key" || kind === "slack_token" || kind === "slack_app_token")
    return /[0-9]/.test(matched);
  if (kind === "json_web_token") return matched.startsWith("eyJ") && matched.includes(".eyJ");
  if (kind === "pem_body") return matched.startsWith("MII") && /[0-9]/.test(matched) && /[a-z]/.test(matched);
  if (kind === "google_api_key") return matched.startsWith("AIza");
  if (kind === "azure_account_key" || kind === "stripe_live_key" || kind === "npm_token")
    return /[0-9]/.test(matched.replace(/^(?:[a-z]+_(?:live_)?|accountkey[ \t]*=[ \t]*)/i, ""));
  if (kind === "authorization_credentials") {
    const credentials = matched.replace(/^\S+[ \t]+/, "");
    return /[0-9+/=_.~-]/.test(credentials) || /[A-Z]/.test(credentials.slice(1));
  }
  return true;
}

/** Reads the (optionally quoted) value after a credential assignment separator. */
function readAssignmentValue(
  text: string,
  afterSeparator: number,
): { start: number; end: number } | undefined {
  let index = afterSeparator;
  while (index < afterSeparator + 4 && (text[index] === " " || text[index] === "\t")) index++;
  const escaped = text[index] === "\\" && /["'`]/.test(text[index + 1] ?? "");
  if (escaped) index++;
  const quote = /["'`]/.test(text[index] ?? "") ? text[index] : undefined;
  const limit = Math.min(text.length, index + 1 + ASSIGNMENT_VALUE_MAX_CHARS);
  if (quote) {
    const closing = escaped ? `\\${quote}` : quote;
    for (let close = index + 1; close < limit && text[close] !== "\n"; close++) {
      if (text.startsWith(closing, close)) return exemptOrSpan(text, index + 1, close);
    }
    index++;
  }
  let end = index;
  while (end < limit && !BARE_VALUE_END.test(text[end]!)) end++;
  return exemptOrSpan(text, index, end);
}

function exemptOrSpan(text: string, start: number, end: number): { start: number; end: number } | undefined {
  if (end <= start) return undefined;
  return EXEMPT_ASSIGNMENT_VALUE.test(text.slice(start, end)) ? undefined : { start, end };
}
