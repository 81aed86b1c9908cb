/**
 * One staged attachment as the host saw it: the exact lexical path it wrote and the device and inode
 * of the file, read from the writing descriptor after write and fsync. `dev`/`ino` are JSON numbers,
 * or decimal strings when larger than `Number.MAX_SAFE_INTEGER`.
 */
export interface AttachmentIdentity {
  path: string;
  dev: number | string;
  ino: number | string;
}

/** A bigint from `fs.Stats` in the form {@link AttachmentIdentity} carries it. */
export function identityNumber(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}
