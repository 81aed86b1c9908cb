/** The last queued change of each file path (absolute), so changes of one file run one after another. */
const queues = new Map<string, Promise<void>>();

/**
 * Runs `change` after every change of `absolutePath` queued before it (Write and Edit calls the model
 * makes in parallel on one file do not interleave their read-modify-write); other files run in parallel.
 */
export async function withFileMutationQueue<T>(absolutePath: string, change: () => Promise<T>): Promise<T> {
  const previous = queues.get(absolutePath) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => done);
  queues.set(absolutePath, tail);
  await previous;
  try {
    return await change();
  } finally {
    release();
    if (queues.get(absolutePath) === tail) queues.delete(absolutePath);
  }
}
