import { configuredSecretValues } from "./configured-secret-values.js";
import { findControlCharacters } from "./control-characters.js";
import { disguiseText, disguiseView, hasTagText, tagDecodedView } from "./disguise-view.js";
import { disguisedValueForms } from "./disguised-value-forms.js";
import { findHiddenCharacters } from "./hidden-characters.js";
import { CONFIGURED_VALUE_MIN_LENGTH } from "./limits.js";
import { foldForMatch, matchViews, type NormalizedView } from "./normalized-view.js";
import { OMISSION_MARKERS } from "./omission-markers.js";
import type { SecretFinding, SecretKind } from "./secret-kind.js";
import { findPatternSecrets } from "./secret-patterns.js";

/** Options of {@link createSecretScanner}. */
export interface SecretScannerOptions {
  /**
   * The host-resolved environment; this package never reads the process environment itself. Values of credential-named
   * variables (api key, access key, private key, credential, password, passphrase, secret, token,
   * bearer) of at least 4 characters are secrets, except names ending `_ENV`, `_ENV_VAR`, `_PATH`,
   * `_FILE` or `_DIR`. They are compared case-insensitively, after NFKC and with invisible code
   * points removed on both sides. Values of at least 8 characters (`DISGUISED_VALUE_MIN_LENGTH`) are
   * also found in disguise: split by white space or newlines, written with look-alike letters (the
   * Unicode TR39 confusables table), in Unicode tag characters, reversed, or base64-, hex- or
   * percent-encoded.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Further known secret values (a progress bearer, a cursor key …), same length rule. */
  readonly values?: readonly string[];
}

/** Scanner bound to one set of configured values. */
export interface SecretScanner {
  /**
   * Every finding in `input`, sorted by start. An array of fragments is scanned as one joined
   * text (no separator), so a secret split across fragments is found; offsets are in that text.
   */
  findSecrets(input: string | readonly string[]): SecretFinding[];
  /**
   * Why `text` must not be stored (Remember), as a sentence for the model that never repeats the
   * secret, or undefined when it is clean. Controls are reported first, then configured values,
   * token shapes and assignments.
   */
  rejectReason(text: string): string | undefined;
  /**
   * `input` with each finding replaced by `marker` (default `[secret omitted]`); overlapping and
   * touching findings share one marker. For fragments, every fragment a finding touches gets the
   * marker in place of its part of the secret. A finding that already starts with `marker` is
   * left alone, so replacing twice changes nothing more.
   */
  replaceSecrets(input: string, marker?: string): string;
  replaceSecrets(input: readonly string[], marker?: string): string[];
}

const REASONS: Record<SecretKind, string> = {
  terminal_control: "contains terminal control characters",
  bidi_control: "contains bidirectional text control characters",
  hidden_characters: "contains hidden Unicode tag or format characters",
  configured_value: "contains the value of a configured credential",
  openai_api_key: "contains an OpenAI API key",
  github_token: "contains a GitHub token",
  github_fine_grained_token: "contains a GitHub fine-grained token",
  slack_token: "contains a Slack token",
  slack_app_token: "contains a Slack app-level token",
  aws_access_key_id: "contains an AWS access key id",
  telegram_bot_token: "contains a Telegram bot token",
  authorization_credentials: "contains Bearer or Basic credentials",
  private_key_block: "contains a private key",
  pem_body: "contains a PEM-encoded key or certificate body",
  aws_secret_access_key: "contains an AWS secret access key",
  json_web_token: "contains a JSON Web Token",
  stripe_live_key: "contains a Stripe live key",
  google_api_key: "contains a Google API key",
  npm_token: "contains an npm access token",
  azure_account_key: "contains an Azure storage account key",
  url_credentials: "contains a password inside a URL",
  credential_assignment: "contains a credential assignment",
};

const REASON_ORDER: readonly SecretKind[] = Object.keys(REASONS) as SecretKind[];

/** Creates a scanner for configured credential values, token shapes, assignments and controls. */
export function createSecretScanner(options: SecretScannerOptions = {}): SecretScanner {
  return createScanner(options, true);
}

/**
 * The scanner, with the disguise handling switchable. `seeThroughDisguise: false` is the scanner
 * before invisible code points were removed and configured values folded; it is kept (unexported
 * from the package root) only so `bench/evidence` can measure both paths in one run.
 */
export function createScanner(options: SecretScannerOptions, seeThroughDisguise: boolean): SecretScanner {
  const needles = configuredSecretValues(options.env ?? {}, options.values ?? []);
  const foldedNeedles = seeThroughDisguise
    ? [...new Set(needles.map(foldForMatch))]
        .filter((needle) => [...needle].length >= CONFIGURED_VALUE_MIN_LENGTH)
        .sort((left, right) => right.length - left.length)
    : needles;
  const disguisedNeedles = seeThroughDisguise
    ? [...new Set(needles.flatMap(disguisedValueForms))].sort((left, right) => right.length - left.length)
    : [];

  const scan = (raw: string): SecretFinding[] => {
    const views = matchViews(raw, { removeInvisible: seeThroughDisguise });
    const findings = findControlCharacters(raw);
    const mapBack = (view: NormalizedView, found: readonly SecretFinding[]) => {
      for (const finding of found) {
        const [start, end] = view.rawSpan(finding.start, finding.end);
        findings.push({ kind: finding.kind, start, end });
      }
    };
    mapBack(views.exact, findPatternSecrets(views.exact.text));
    const valueView = seeThroughDisguise ? views.folded : views.exact;
    mapBack(valueView, findValues(valueView.text, foldedNeedles));
    if (!seeThroughDisguise) findings.push(...findValues(raw, needles));
    else {
      findings.push(...findHiddenCharacters(raw));
      if (hasTagText(raw)) {
        const tagView = tagDecodedView(raw);
        const decoded = matchViews(tagView.text).exact;
        for (const finding of findPatternSecrets(decoded.text)) {
          const [start, end] = decoded.rawSpan(finding.start, finding.end);
          const [rawStart, rawEnd] = tagView.rawSpan(start, end);
          findings.push({ kind: finding.kind, start: rawStart, end: rawEnd });
        }
      }
      if (disguisedNeedles.length > 0 && hasAny(disguiseText(raw), disguisedNeedles)) {
        const view = disguiseView(raw);
        mapBack(view, findValues(view.text, disguisedNeedles));
      }
    }
    findings.sort((left, right) => left.start - right.start || right.end - left.end);
    return findings.filter((finding, index) => {
      const previous = findings[index - 1];
      return (
        !previous ||
        previous.start !== finding.start ||
        previous.end !== finding.end ||
        previous.kind !== finding.kind
      );
    });
  };

  function replaceSecrets(input: string, marker?: string): string;
  function replaceSecrets(input: readonly string[], marker?: string): string[];
  function replaceSecrets(input: string | readonly string[], marker: string = OMISSION_MARKERS.secret) {
    const fragments = typeof input === "string" ? [input] : input;
    const joined = fragments.join("");
    const spans = mergeSpans(scan(joined).filter((finding) => !joined.startsWith(marker, finding.start)));
    const out: string[] = [];
    let offset = 0;
    for (const fragment of fragments) {
      out.push(replaceSpans(fragment, offset, spans, marker));
      offset += fragment.length;
    }
    return typeof input === "string" ? out[0]! : out;
  }

  return {
    findSecrets: (input) => scan(typeof input === "string" ? input : input.join("")),
    rejectReason(text) {
      const kinds = new Set(scan(text).map((finding) => finding.kind));
      const kind = REASON_ORDER.find((candidate) => kinds.has(candidate));
      return kind && `The text ${REASONS[kind]}; restate it without the secret. Nothing was stored.`;
    },
    replaceSecrets,
  };
}

function hasAny(text: string, needles: readonly string[]): boolean {
  return needles.some((needle) => text.includes(needle));
}

function findValues(text: string, needles: readonly string[]): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const needle of needles) {
    for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + 1)) {
      findings.push({ kind: "configured_value", start: index, end: index + needle.length });
    }
  }
  return findings;
}

function mergeSpans(findings: readonly SecretFinding[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const { start, end } of findings) {
    const last = spans[spans.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return spans;
}

function replaceSpans(
  fragment: string,
  offset: number,
  spans: ReadonlyArray<[number, number]>,
  marker: string,
): string {
  let out = "";
  let cursor = 0;
  for (const [start, end] of spans) {
    const localStart = Math.max(start - offset, 0);
    const localEnd = Math.min(end - offset, fragment.length);
    if (localEnd <= 0 || localStart >= fragment.length || localEnd <= localStart) continue;
    out += fragment.slice(cursor, localStart) + marker;
    cursor = localEnd;
  }
  return out + fragment.slice(cursor);
}
