/**
 * Runs `work`, rejecting with "Operation aborted" as soon as `signal` aborts (at once when it already has);
 * a result that arrives after the abort is dropped. The work itself is not interrupted: file operations
 * are short, and the caller's side effects are bounded by the checks inside them.
 */
export function abortable<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  if (signal?.aborted) return Promise.reject(new Error("Operation aborted"));
  if (!signal) return work();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("Operation aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    work().then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        if (!signal.aborted) resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        if (!signal.aborted) reject(error);
      },
    );
  });
}
