import { type Logger, LogLevel } from "@slack/bolt";

/** A Bolt logger that prints nothing: warnings and errors go to `onWarning` (the host decides what to show). */
export function silentLogger(onWarning?: (message: string) => void): Logger {
  let level = LogLevel.WARN;
  const forward = (...messages: unknown[]) =>
    onWarning?.(
      messages.map((message) => (message instanceof Error ? message.message : String(message))).join(" "),
    );
  return {
    debug() {},
    info() {},
    warn: forward,
    error: forward,
    setLevel(next) {
      level = next;
    },
    getLevel: () => level,
    setName() {},
  };
}
