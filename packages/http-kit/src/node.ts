export type { HttpBindings } from "@hono/node-server";
export {
  type FetchHandler,
  type HttpServer,
  type StartHttpServerOptions,
  startHttpServer,
} from "./node/start-http-server.js";
