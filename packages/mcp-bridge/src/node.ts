export { describeAuthState, type McpAuthState, type McpAuthStateServer } from "./describe-auth-state.js";
export { createFileMcpAuthStore } from "./file-mcp-auth-store.js";
export { createFileMcpToolListCache } from "./file-mcp-tool-list-cache.js";
export {
  type LoginMcpServerInput,
  loginMcpServer,
  type McpLoginOutcome,
  mcpLoginLine,
  mcpLoginRefusal,
  mcpLogoutLine,
} from "./login-mcp-server.js";
export { oauthLoginLines } from "./oauth-login-lines.js";
export {
  type BrowserLogin,
  type BrowserLoginOptions,
  startBrowserLogin,
} from "./start-browser-login.js";
