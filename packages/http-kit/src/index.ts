export { bearerToken } from "./bearer-token.js";
export { type ExactHostOptions, exactHost, loopbackHostNames } from "./exact-host.js";
export { HttpKitError, type HttpKitErrorCode } from "./http-kit-error.js";
export { jsonError } from "./json-error.js";
export { JSON_BODY_MAX_DEPTH } from "./json-nesting-depth.js";
export { noStoreHeaders } from "./no-store-headers.js";
export {
  type BodyLimits,
  type JsonBodyRules,
  parseJsonText,
  readBodyBytes,
  readBodyText,
  readJsonBody,
} from "./read-json-body.js";
