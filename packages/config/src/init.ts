export { SCHEMA_FOLDER, scaffoldFiles } from "./init/scaffold-files.js";
export { type AgentFolderWrite, writeAgentFolder } from "./init/write-agent-folder.js";
