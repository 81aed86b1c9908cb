/** Codes of {@link ChannelError}. */
export type ChannelErrorCode =
  /** A platform API answered with an error (`ok: false`, an HTTP error); `platformCode` names it. */
  | "platform_error"
  /** A destination outside the channel's allowlist. */
  | "destination_not_allowed"
  /** An attachment larger than the channel stages. */
  | "attachment_too_large"
  /** A delivery-history key that is not `adapter-send:<channel>:<destination>:<receipt>`. */
  | "invalid_idempotency_key"
  /** The event dedupe store could not be opened or written. */
  | "dedupe_store_failed";

const BRAND = Symbol.for("@mono-agent/channel-kit/ChannelError");

/** The one error class of channel-kit and the channels built on it. */
export class ChannelError extends Error {
  readonly code: ChannelErrorCode;
  /** The platform's own error code (Slack's `error`, Telegram's `description`), for `platform_error`. */
  readonly platformCode?: string;
  readonly [BRAND] = true;

  constructor(
    code: ChannelErrorCode,
    message: string,
    options: { cause?: unknown; platformCode?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ChannelError";
    this.code = code;
    if (options.platformCode !== undefined) this.platformCode = options.platformCode;
  }

  /** True for a ChannelError from any copy of this package. */
  static isInstance(value: unknown): value is ChannelError {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}
