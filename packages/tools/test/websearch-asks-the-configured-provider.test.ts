import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "../src/index.js";
import { createWebSearchTool, type WebSearchProvider } from "../src/node/index.js";

let server: Server;
let baseUrl: string;
const seen: { path: string; headers: IncomingMessage["headers"]; body: string }[] = [];

const RESULTS = [
  {
    title: "Otter - Wikipedia",
    url: "https://en.wikipedia.org/wiki/Otter",
    text: "Otters are carnivorous mammals.",
  },
  { title: "River otters", url: "https://example.org/otters", text: "River otters live near water." },
  { title: "Not a web link", url: "javascript:alert(1)", text: "dropped" },
];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://x");
      seen.push({ path: `${url.pathname}${url.search}`, headers: request.headers, body });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (url.searchParams.get("q") === "fail" || body.includes('"fail"'))
        return json(401, { error: "invalid key" });
      if (url.pathname === "/res/v1/web/search")
        return json(200, {
          web: {
            results: RESULTS.map((result) => ({
              title: result.title,
              url: result.url,
              description: result.text,
            })),
          },
        });
      if (url.pathname === "/search" && request.method === "POST")
        return json(200, {
          results: RESULTS.map((result) => ({ title: result.title, url: result.url, content: result.text })),
        });
      if (url.pathname === "/search" && url.searchParams.get("format") === "json")
        return json(200, {
          results: RESULTS.map((result) => ({ title: result.title, url: result.url, content: result.text })),
        });
      if (url.pathname === "/search") return response.writeHead(403).end("<html>format not allowed</html>");
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function tool(config: Partial<WebSearchProvider> & Pick<WebSearchProvider, "provider">): AgentTool {
  return createWebSearchTool({ baseUrl, maxResults: 5, timeoutMs: 5_000, ...config }) as unknown as AgentTool;
}

async function search(config: Parameters<typeof tool>[0], query: string): Promise<string> {
  const result = await tool(config).execute("1", { query });
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

describe("WebSearch", () => {
  it("asks Brave with the key header and returns bounded title / url / snippet results, labelled untrusted", async () => {
    const text = await search({ provider: "brave", apiKey: "brave-key" }, "river otters");
    expect(text).toContain('[Untrusted search results from brave for "river otters"');
    expect(text).toContain(
      "1. Otter - Wikipedia\n   https://en.wikipedia.org/wiki/Otter\n   Otters are carnivorous mammals.",
    );
    expect(text).not.toContain("javascript:");
    const request = seen.at(-1)!;
    expect(request.path).toBe("/res/v1/web/search?q=river+otters&count=5");
    expect(request.headers["x-subscription-token"]).toBe("brave-key");
  });

  it("asks Tavily with a bearer key, and a self-hosted SearXNG with format=json", async () => {
    expect(await search({ provider: "tavily", apiKey: "tvly-key" }, "otters")).toContain("2. River otters");
    expect(seen.at(-1)!.headers.authorization).toBe("Bearer tvly-key");
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ query: "otters", max_results: 5 });
    expect(await search({ provider: "searxng" }, "otters")).toContain("River otters live near water.");
    expect(seen.at(-1)!.path).toBe("/search?q=otters&format=json");
  });

  it("turns a provider error into a clear tool error", async () => {
    const error = await tool({ provider: "brave", apiKey: "bad" })
      .execute("1", { query: "fail" })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(ToolError.isInstance(error) && error.code).toBe("search_failed");
    expect((error as Error).message).toContain("brave answered HTTP 401 (check tools.webSearch.apiKey)");
    const unreachable = await createWebSearchTool({
      provider: "searxng",
      baseUrl: "http://127.0.0.1:9",
      maxResults: 5,
      timeoutMs: 2_000,
    })
      .execute("1", { query: "x" })
      .then(
        () => "",
        (caught: Error) => caught.message,
      );
    expect(unreachable).toContain("searxng could not be reached at http://127.0.0.1:9");
  });
});
