import { EarlyStartedTransport } from "./early-started-transport.js";
import type { RunStdioServerSpec } from "./run-server-spec.js";
import type { LaunchedStdioServer, StdioLauncher } from "./stdio-launcher.js";

/** A stdio launcher that can start servers before the run asks for them (see {@link createPrelaunchingStdioLauncher}). */
export interface PrelaunchingStdioLauncher extends StdioLauncher {
  /** Starts `spec`'s process now; the first `launch()` of the same process takes it over. */
  prelaunch(spec: RunStdioServerSpec): void;
  /** The names of the servers started early and not taken over yet. */
  waiting(): string[];
  /** Ends every server started early that no run took over (bounded like `close()` of a launched server). */
  closeUnused(): Promise<void>;
}

interface Prelaunched {
  spec: RunStdioServerSpec;
  launched: LaunchedStdioServer;
  transport: EarlyStartedTransport;
  /** stderr that came before a run took the server over. */
  stderr: string[];
  /** The taking run's stderr listener. */
  listener: { onStderr?: (text: string) => void };
}

/** Whether two specs start the same process: command, arguments, env and working folder. */
function sameProcess(a: RunStdioServerSpec, b: RunStdioServerSpec): boolean {
  if (a.command !== b.command || a.cwd !== b.cwd) return false;
  if (a.args.length !== b.args.length || a.args.some((arg, index) => arg !== b.args[index])) return false;
  const keys = Object.keys(a.env);
  return keys.length === Object.keys(b.env).length && keys.every((key) => a.env[key] === b.env[key]);
}

/**
 * Wraps `base` so that a cold `mono-agent run` can start its declared stdio servers while it is still
 * loading the model stack: `prelaunch(spec)` starts the process at once, and the run's own `launch()` of
 * a server with the same command, arguments, env and folder takes that process over (its stderr so far
 * replayed to the run's listener), so each server is still started once. A server whose spec changed in
 * between (a per-run overlay) is ended and started afresh; `closeUnused()` ends what no run took over,
 * so a run that fails before it connects its servers leaves no child behind.
 */
export function createPrelaunchingStdioLauncher(base: StdioLauncher): PrelaunchingStdioLauncher {
  const waiting = new Map<string, Prelaunched>();
  const end = (entry: Prelaunched) => entry.launched.close().catch(() => {});
  return {
    closeBoundMs: base.closeBoundMs,
    prelaunch(spec) {
      const previous = waiting.get(spec.name);
      if (previous) void end(previous);
      const stderr: string[] = [];
      const listener: { onStderr?: (text: string) => void } = {};
      const launched = base.launch(spec, (text) => {
        if (listener.onStderr) listener.onStderr(text);
        else stderr.push(text);
      });
      const transport = new EarlyStartedTransport(launched.transport);
      waiting.set(spec.name, { spec, launched, transport, stderr, listener });
    },
    launch(spec, onStderr) {
      const entry = waiting.get(spec.name);
      if (!entry) return base.launch(spec, onStderr);
      waiting.delete(spec.name);
      if (!sameProcess(entry.spec, spec)) {
        void end(entry);
        return base.launch(spec, onStderr);
      }
      if (onStderr) {
        for (const text of entry.stderr.splice(0)) onStderr(text);
        entry.listener.onStderr = onStderr;
      }
      return { ...entry.launched, transport: entry.transport };
    },
    waiting: () => [...waiting.keys()],
    async closeUnused() {
      const unused = [...waiting.values()];
      waiting.clear();
      await Promise.all(unused.map(end));
    },
  };
}
