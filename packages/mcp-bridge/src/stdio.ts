export { createStdioLauncher, type StdioLauncherOptions } from "./create-stdio-launcher.js";
export {
  createPrelaunchingStdioLauncher,
  type PrelaunchingStdioLauncher,
} from "./prelaunching-stdio-launcher.js";
export type { ProcessCloseGrace } from "./process-group-stdio-transport.js";
export type { ProcessGroupCommand } from "./spawn-process-group.js";
