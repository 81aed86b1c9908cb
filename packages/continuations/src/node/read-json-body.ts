import { HttpKitError, readJsonBody as readBoundedJsonBody } from "@mono-agent/http-kit";
import { ContinuationError, type ContinuationErrorCode } from "../continuation-error.js";

/** The protocol code of each way a body can be wrong (reference §7.2 names `body_too_large` and `invalid_json`). */
const CODE_OF: Record<HttpKitError["code"], ContinuationErrorCode> = {
  body_too_large: "body_too_large",
  body_aborted: "invalid_request",
  invalid_json: "invalid_json",
  body_not_object: "invalid_json",
  body_too_deep: "body_too_deep",
};

/**
 * Reads a JSON object body of at most `maxBytes` through the shared kit: `body_too_large` as soon as
 * the declared or received length passes the limit (the rest is not read), `body_too_deep` past the
 * kit's nesting cap, `invalid_json` for anything but an object (an empty body reads as `{}` with
 * `emptyIsObject`).
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  options: { emptyIsObject?: boolean } = {},
): Promise<unknown> {
  try {
    return await readBoundedJsonBody(request, { maxBytes, emptyIsObject: options.emptyIsObject === true });
  } catch (error) {
    if (!HttpKitError.isInstance(error)) throw error;
    throw new ContinuationError(CODE_OF[error.code], error.message, { cause: error });
  }
}
