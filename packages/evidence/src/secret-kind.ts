/** What a scanner finding is. Token-shape kinds match case-insensitively. */
export type SecretKind =
  /** The value of a credential-named variable of the host-resolved env. */
  | "configured_value"
  /** `sk-…`, including `sk-proj-…` and `sk-svcacct-…` (OpenAI). */
  | "openai_api_key"
  /** `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` + 20 or more characters (GitHub classic). */
  | "github_token"
  /** `github_pat_…` (GitHub fine-grained). */
  | "github_fine_grained_token"
  /** `xoxb-`, `xoxa-`, `xoxp-`, `xoxr-`, `xoxs-` (Slack bot and user tokens). */
  | "slack_token"
  /** `xapp-…` (Slack app-level token). */
  | "slack_app_token"
  /** `AKIA`/`ASIA` + 16 characters (AWS access key id). */
  | "aws_access_key_id"
  /** `<6–12 digits>:<20+ of [A-Za-z0-9_-]>` (Telegram bot token). */
  | "telegram_bot_token"
  /** `Bearer <credentials>` / `Basic <credentials>` with 12+ token characters. */
  | "authorization_credentials"
  /** `-----BEGIN … PRIVATE KEY-----` and its body, up to the END line. */
  | "private_key_block"
  /** A PEM body on its own: base64 DER starting `MII` (a key or certificate pasted without its header). */
  | "pem_body"
  /** An AWS secret access key (40 characters) beside an access key id or after a phrase naming it. */
  | "aws_secret_access_key"
  /** `eyJ….eyJ….…` (a JSON Web Token: header, payload, signature). */
  | "json_web_token"
  /** `sk_live_…` / `rk_live_…` (Stripe secret and restricted live keys). */
  | "stripe_live_key"
  /** `AIza` + 35 characters (Google API key). */
  | "google_api_key"
  /** `npm_` + 36 characters (npm access token). */
  | "npm_token"
  /** The value of `AccountKey=` in an Azure storage connection string. */
  | "azure_account_key"
  /** The password part of `scheme://user:password@host`. */
  | "url_credentials"
  /** The value of `password=…`, `secret: "…"`, `api_key=…`, `token=…` and similar. */
  | "credential_assignment"
  /** C0 controls other than TAB, LF and the CR of CRLF; DEL and C1 controls. */
  | "terminal_control"
  /** Unicode Bidi_Control characters (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069). */
  | "bidi_control"
  /**
   * Text hidden from a person but read by a model: Unicode tag characters outside an emoji tag
   * sequence, the deprecated format characters U+206A–U+206F, and variation selectors after the first.
   */
  | "hidden_characters";

/** One finding: a span of the scanned text (UTF-16 offsets; fragments count as one joined text). */
export interface SecretFinding {
  readonly kind: SecretKind;
  /** Start offset, inclusive. */
  readonly start: number;
  /** End offset, exclusive. */
  readonly end: number;
}
