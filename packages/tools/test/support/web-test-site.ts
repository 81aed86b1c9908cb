import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** An article page with navigation chrome around it, as a news site serves it. */
export const ARTICLE_HTML = `<!doctype html><html><head><title>Otters of the River</title></head><body>
<nav class="site-nav"><a href="/">Home</a> <a href="/news">NAVIGATION-NEWS</a> <a href="/about">NAVIGATION-ABOUT</a></nav>
<header><div class="banner">SITE-BANNER subscribe now</div></header>
<main><article><h1>Otters of the River</h1>
${Array.from({ length: 8 }, (_, index) => `<p>Paragraph ${index + 1}: river otters hunt at dusk along the banks, and their dens have entrances under water so that they can come and go unseen.</p>`).join("\n")}
<p>Read the <a href="/study">full study</a>.</p></article></main>
<aside class="sidebar">SIDEBAR-ADS buy things</aside>
<footer>FOOTER-COPYRIGHT 2026</footer><script>window.TRACKER = "SCRIPT-TEXT";</script></body></html>`;

/** A loopback web site for WebFetch tests; `route` answers any path the test adds. */
export interface WebTestSite {
  origin: string;
  port: number;
  close(): Promise<void>;
}

export type Route = (
  response: import("node:http").ServerResponse,
  request: import("node:http").IncomingMessage,
) => void;

/** Starts the site on 127.0.0.1 with the given routes (path -> handler); other paths answer 404. */
export async function startWebTestSite(routes: Record<string, Route>): Promise<WebTestSite> {
  const server: Server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? "/", "http://x").pathname];
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    route(response, request);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
