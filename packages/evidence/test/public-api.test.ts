import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as node from "../src/node.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "CONFIGURED_VALUE_MIN_LENGTH",
        "CURSOR_KEY_MIN_BYTES",
        "CURSOR_MAX_BYTES",
        "EvidenceError",
        "HOST_PATH_MAX_TRAILING_COMPONENTS",
        "INVALID_CURSOR_MESSAGE",
        "MODEL_TEXT_CHUNK_CHARS",
        "MODEL_TEXT_MAX_CHARS",
        "OMISSION_MARKERS",
        "REDACTION_MAX_DEPTH",
        "REDACTION_MAX_STRING_BYTES",
        "TRUNCATED_KEYS_KEY",
        "UNTRUSTED_NOTICE",
        "createAuthenticatedCursorCodec",
        "createSecretScanner",
        "decodeStructuralCursor",
        "encodeStructuralCursor",
        "fitPageToBytes",
        "hasHiddenCharacters",
        "isCredentialEnvName",
        "isHistoryToolName",
        "isSensitiveKey",
        "isSensitivePathComponent",
        "omitNestedHistoryResult",
        "opaquePaths",
        "opaquePathsInJson",
        "redactJson",
        "redactsNumbersUnder",
        "renderTable",
        "splitModelText",
        "stripHiddenCharacters",
        "stripTerminalControls",
        "terminalSafeJson",
        "truncateUtf8",
        "untrustedEnvelope",
        "utf8ByteLength",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "AuthenticatedCursorCodec",
        "AuthenticatedCursorCodecOptions",
        "CONFIGURED_VALUE_MIN_LENGTH",
        "CURSOR_KEY_MIN_BYTES",
        "CURSOR_MAX_BYTES",
        "EvidenceError",
        "EvidenceErrorCode",
        "FitPageOptions",
        "FittedPage",
        "HOST_PATH_MAX_TRAILING_COMPONENTS",
        "HmacSha256",
        "INVALID_CURSOR_MESSAGE",
        "JsonObject",
        "JsonValue",
        "MODEL_TEXT_CHUNK_CHARS",
        "MODEL_TEXT_MAX_CHARS",
        "Navigation",
        "OMISSION_MARKERS",
        "ProjectionBounds",
        "REDACTION_MAX_DEPTH",
        "REDACTION_MAX_STRING_BYTES",
        "RedactJsonOptions",
        "SecretFinding",
        "SecretKind",
        "SecretScanner",
        "SecretScannerOptions",
        "TRUNCATED_KEYS_KEY",
        "UNTRUSTED_NOTICE",
        "UntrustedEnvelope",
        "createAuthenticatedCursorCodec",
        "createSecretScanner",
        "decodeStructuralCursor",
        "encodeStructuralCursor",
        "fitPageToBytes",
        "hasHiddenCharacters",
        "isCredentialEnvName",
        "isHistoryToolName",
        "isSensitiveKey",
        "isSensitivePathComponent",
        "omitNestedHistoryResult",
        "opaquePaths",
        "opaquePathsInJson",
        "redactJson",
        "redactsNumbersUnder",
        "renderTable",
        "splitModelText",
        "stripHiddenCharacters",
        "stripTerminalControls",
        "terminalSafeJson",
        "truncateUtf8",
        "untrustedEnvelope",
        "utf8ByteLength",
      ]
    `);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "SHORT_DIGEST_LENGTH",
        "createNodeAuthenticatedCursorCodec",
        "nodeHmacSha256",
        "shortDigest",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "SHORT_DIGEST_LENGTH",
        "createNodeAuthenticatedCursorCodec",
        "nodeHmacSha256",
        "shortDigest",
      ]
    `);
  });
});
