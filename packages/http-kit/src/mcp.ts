export { mergeMcpServers } from "./mcp/merge-mcp-servers.js";
export {
  REQUEST_SCOPED_BODY_LIMIT_BYTES,
  type RequestScopedEndpoint,
  type RequestScopedEndpointOptions,
  startRequestScopedEndpoint,
} from "./mcp/request-scoped-endpoint.js";
