export { createFileMcpAuthStore } from "./file-mcp-auth-store.js";
