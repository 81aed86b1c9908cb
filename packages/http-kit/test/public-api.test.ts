import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as mcp from "../src/mcp.js";
import * as node from "../src/node.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "HttpKitError",
        "JSON_BODY_MAX_DEPTH",
        "bearerToken",
        "exactHost",
        "jsonError",
        "loopbackHostNames",
        "noStoreHeaders",
        "parseJsonText",
        "readBodyBytes",
        "readBodyText",
        "readJsonBody",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "BodyLimits",
        "ExactHostOptions",
        "HttpKitError",
        "HttpKitErrorCode",
        "JSON_BODY_MAX_DEPTH",
        "JsonBodyRules",
        "bearerToken",
        "exactHost",
        "jsonError",
        "loopbackHostNames",
        "noStoreHeaders",
        "parseJsonText",
        "readBodyBytes",
        "readBodyText",
        "readJsonBody",
      ]
    `);
  });

  test("./mcp", () => {
    expect(Object.keys(mcp).sort()).toMatchInlineSnapshot(`
      [
        "REQUEST_SCOPED_BODY_LIMIT_BYTES",
        "mergeMcpServers",
        "startRequestScopedEndpoint",
      ]
    `);
    expect(exportedNames(join(sourceDir, "mcp.ts"))).toMatchInlineSnapshot(`
      [
        "REQUEST_SCOPED_BODY_LIMIT_BYTES",
        "RequestScopedEndpoint",
        "RequestScopedEndpointOptions",
        "mergeMcpServers",
        "startRequestScopedEndpoint",
      ]
    `);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "startHttpServer",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "FetchHandler",
        "HttpBindings",
        "HttpServer",
        "StartHttpServerOptions",
        "startHttpServer",
      ]
    `);
  });
});
