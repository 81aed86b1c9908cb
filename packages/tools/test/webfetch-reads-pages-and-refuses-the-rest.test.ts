import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "../src/index.js";
import { createWebFetchTool, WEBFETCH_MAX_BODY_BYTES, type WebFetchToolOptions } from "../src/node/index.js";
import { ARTICLE_HTML, startWebTestSite, type WebTestSite } from "./support/web-test-site.js";

let site: WebTestSite;
let outputDir: string;
const slowResponses: import("node:http").ServerResponse[] = [];

beforeAll(async () => {
  outputDir = mkdtempSync(join(tmpdir(), "webfetch-"));
  site = await startWebTestSite({
    "/article": (response) =>
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE_HTML),
    "/notes.txt": (response) =>
      response.writeHead(200, { "content-type": "text/plain" }).end("plain notes\nline 2"),
    "/data.json": (response) =>
      response.writeHead(200, { "content-type": "application/json" }).end('{"otters":3}'),
    "/image.png": (response) =>
      response
        .writeHead(200, { "content-type": "image/png" })
        .end(Buffer.from("89504e470d0a1a0a0000", "hex")),
    "/to-private": (response) => response.writeHead(302, { location: "http://10.0.0.7/admin" }).end(),
    "/to-private-name": (response) =>
      response.writeHead(301, { location: "http://intranet.test/secret" }).end(),
    "/to-file": (response) => response.writeHead(302, { location: "file:///etc/passwd" }).end(),
    "/to-article": (response) => response.writeHead(302, { location: "/article" }).end(),
    "/huge": (response) => {
      // 50 MB announced and streamed until the client stops reading.
      response.writeHead(200, { "content-type": "text/plain", "content-length": String(50 * 1024 * 1024) });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      response.on("error", () => {});
      pump();
    },
    "/slow": (response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first bytes ");
      slowResponses.push(response); // never ends
    },
    "/long-page": (response) =>
      response
        .writeHead(200, { "content-type": "text/plain" })
        .end(Array.from({ length: 5_000 }, (_, index) => `line ${index}`).join("\n")),
  });
});

afterAll(async () => {
  for (const response of slowResponses) response.destroy();
  await site.close();
  rmSync(outputDir, { recursive: true, force: true });
});

function tool(overrides: Partial<WebFetchToolOptions> = {}): AgentTool {
  return createWebFetchTool({
    network: { mode: "allowlist", allowlist: ["127.0.0.1"] },
    spill: { toolOutputDir: outputDir, runId: "run-1" },
    ...overrides,
  }) as unknown as AgentTool;
}

async function fetchText(url: string, overrides: Partial<WebFetchToolOptions> = {}) {
  const result = await tool(overrides).execute("call-1", { url });
  const first = result.content[0];
  return {
    text: first?.type === "text" ? first.text : "",
    details: result.details as Record<string, unknown>,
  };
}

async function refusal(url: string, overrides: Partial<WebFetchToolOptions> = {}): Promise<ToolError> {
  const error = await tool(overrides)
    .execute("call-1", { url })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(ToolError.isInstance(error), String(error)).toBe(true);
  return error as ToolError;
}

describe("WebFetch reads pages", () => {
  it("turns an article page into Markdown without the navigation chrome, labelled untrusted", async () => {
    const { text, details } = await fetchText(`${site.origin}/article`);
    expect(text).toMatch(/^\[Untrusted web content from http:\/\/127\.0\.0\.1:\d+\/article/);
    expect(text).toContain("# Otters of the River");
    expect(text).toContain("Paragraph 8: river otters hunt at dusk");
    expect(text).toContain(`[full study](${site.origin}/study)`);
    for (const chrome of [
      "NAVIGATION-NEWS",
      "SITE-BANNER",
      "SIDEBAR-ADS",
      "FOOTER-COPYRIGHT",
      "SCRIPT-TEXT",
      "<p>",
    ])
      expect(text).not.toContain(chrome);
    expect(details).toMatchObject({ format: "markdown", untrusted: true, status: 200 });
  });

  it("passes other text types through and follows a redirect that stays allowed", async () => {
    expect((await fetchText(`${site.origin}/notes.txt`)).text).toContain("plain notes\nline 2");
    expect((await fetchText(`${site.origin}/data.json`)).text).toContain('{"otters":3}');
    const redirected = await fetchText(`${site.origin}/to-article`);
    expect(redirected.details["url"]).toBe(`${site.origin}/article`);
  });

  it("refuses a binary body", async () => {
    const error = await refusal(`${site.origin}/image.png`);
    expect(error.code).toBe("content_refused");
    expect(error.message).toContain("image/png");
  });

  it("spills a page over the tool-output bound like other oversize results", async () => {
    const { text, details } = await fetchText(`${site.origin}/long-page`);
    expect(text).toContain("output truncated");
    expect(String(details["savedPath"])).toContain(join(outputDir, "run-1"));
    expect(readFileSync(String(details["savedPath"]), "utf8")).toContain("line 4999");
  });
});

describe("WebFetch refuses what the network policy does not allow", () => {
  it("refuses file: and ftp: URLs naming the accepted form", async () => {
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/pub/file.txt"]) {
      const error = await refusal(url);
      expect(error.code).toBe("url_refused");
      expect(error.message).toMatch(/only http:\/\/ and https:\/\//);
    }
    expect((await refusal(`${site.origin}/to-file`)).message).toMatch(/file: URLs are refused/);
  });

  it("refuses a redirect to a private address (literal or by name), before connecting", async () => {
    const literal = await refusal(`${site.origin}/to-private`, {
      network: { mode: "localhost", allowlist: [] },
    });
    expect(literal.code).toBe("url_refused");
    expect(literal.message).toContain("10.0.0.7 is a private address");
    const resolved: string[] = [];
    const byName = await refusal(`${site.origin}/to-private-name`, {
      network: { mode: "localhost", allowlist: [] },
      resolveHost: async (name) => {
        resolved.push(name);
        return [{ address: "192.168.1.20", family: 4 }];
      },
    });
    expect(resolved).toEqual(["intranet.test"]);
    expect(byName.message).toContain("intranet.test (192.168.1.20) is a private address");
  });

  it("refuses a name that resolves to 127.0.0.1 while loopback is not allowed", async () => {
    const resolveHost = async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "127.0.0.1", family: 4 as const },
    ];
    const error = await refusal(`http://rebind.test:${site.port}/article`, {
      network: { mode: "none", allowlist: [] },
      resolveHost,
    });
    expect(error.code).toBe("url_refused");
    expect(error.message).toContain("rebind.test (127.0.0.1) is a loopback address");
    // Loopback literals and IPv4-mapped loopback are refused the same way.
    expect((await refusal(`${site.origin}/article`, { network: { mode: "none", allowlist: [] } })).code).toBe(
      "url_refused",
    );
    expect(
      (
        await refusal(`http://[::ffff:127.0.0.1]:${site.port}/article`, {
          network: { mode: "none", allowlist: [] },
        })
      ).message,
    ).toContain("loopback");
    expect(
      (
        await refusal("http://169.254.169.254/latest/meta-data/", {
          network: { mode: "none", allowlist: [] },
        })
      ).message,
    ).toContain("metadata");
  });

  it("in allowlist mode refuses hosts the allowlist does not name", async () => {
    const error = await refusal(`http://localhost:${site.port}/article`);
    expect(error.message).toContain("localhost is not in sandbox.network.allowlist");
  });

  it("cuts a 50 MB body at the byte cap with a note", async () => {
    const { text, details } = await fetchText(`${site.origin}/huge`);
    expect(details["cut"]).toBe(true);
    expect(details["bytes"]).toBe(WEBFETCH_MAX_BODY_BYTES);
    expect(text).toContain("only its start was read");
  });

  it("gives up on a slow body after the time cap with a clear error", async () => {
    const error = await refusal(`${site.origin}/slow`, { timeoutMs: 300 });
    expect(error.code).toBe("fetch_failed");
    expect(error.message).toContain("did not finish within 0.3 s");
  });
});
