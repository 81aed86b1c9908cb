export {
  checkContinuationServers,
  checkMcpServers,
  checkRequestContextServers,
} from "./check/check-mcp-servers.js";
export { checkStdioCommands } from "./check/check-stdio-commands.js";
