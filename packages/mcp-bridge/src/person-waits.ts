/**
 * The elicitations of one server that wait for a person (`elicitation/create` sent to the host and not yet
 * answered). While any is pending, that server's tool calls stop their idle and time-limit clocks: the
 * wait is the person's, bounded by the ask's own expiry, not the server's silence.
 */
export interface PersonWaits {
  /** How many elicitations of the server are waiting now. */
  readonly pending: number;
  /** Counts one wait in; the returned function (idempotent) counts it out. */
  begin(): () => void;
  /** Called after every change of `pending`; returns unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A fresh {@link PersonWaits} at zero. */
export function createPersonWaits(): PersonWaits {
  let pending = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    get pending() {
      return pending;
    },
    begin() {
      pending += 1;
      changed();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending -= 1;
        changed();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
