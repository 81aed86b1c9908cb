export { createFileMcpAuthStore, MCP_AUTH_FILE_MAX_BYTES } from "./file-mcp-auth-store.js";
