import { statSync } from "node:fs";

/**
 * Why `memory.path` cannot be the memory folder, as a sentence naming the key and the fix, or undefined
 * when it is a folder or does not exist yet (the store creates it). `/etc/passwd` is a file.
 */
export function memoryRootProblem(memoryDir: string): string | undefined {
  let kind: string;
  try {
    const stats = statSync(memoryDir);
    if (stats.isDirectory()) return undefined;
    kind = stats.isFile() ? "a file" : "not a regular folder (a device, FIFO or socket)";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    kind = code === "ENOTDIR" ? "below a file" : `unreadable (${code ?? String(error)})`;
  }
  return `memory.path ${memoryDir} is ${kind}, not a folder; set memory.path to a folder (it is created when missing)`;
}
