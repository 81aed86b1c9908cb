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
    if (entry[1] === "url_credentials") {
      const passwordStart = match[0].indexOf(":", match[0].indexOf("://") + 3) + 1;
      findings.push({ kind: entry[1], start: start + passwordStart, end: end - 1 });
    } else if (entry[1] === "authorization_credentials") {
      findings.push({ kind: entry[1], start: start + /^\S+[ \t]+/.exec(match[0])![0].length, end });
    } else findings.push({ kind: entry[1], start, end });
  }
  return findings;
}

/** Extra checks that keep words and slugs out: real keys carry digits or mixed case. */
function passesShapeCheck(kind: SecretKind, matched: string): boolean {
  if (kind === "openai_api_key" || kind === "slack_token" || kind === "slack_app_token")
    return /[0-9]/.test(matched);
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
