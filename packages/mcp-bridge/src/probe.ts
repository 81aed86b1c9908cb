export { describeProbedServers } from "./probe/describe-probed-servers.js";
export { mcpConnectLines } from "./probe/mcp-connect-lines.js";
export {
  type DeclaredServerProbe,
  type ProbeDeclaredServersInput,
  probeDeclaredServers,
} from "./probe/probe-declared-servers.js";
