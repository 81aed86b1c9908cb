/** Bytes read from the start of a file to recognise an image format. */
const IMAGE_SIGNATURE_BYTES = 12;

const IMAGE_SIGNATURES: ReadonlyArray<{ mimeType: string; matches: (head: Buffer) => boolean }> = [
  {
    mimeType: "image/png",
    matches: (head) => head.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  { mimeType: "image/jpeg", matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { mimeType: "image/gif", matches: (head) => head.subarray(0, 4).toString("latin1") === "GIF8" },
  {
    mimeType: "image/webp",
    matches: (head) =>
      head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/**
 * The image type Read attaches a file as (png, jpeg, gif, webp), by the magic bytes at the start of its
 * content; else `undefined`. Read sniffs the bytes it read, so the type and the content come from one open.
 */
export function imageMimeTypeOf(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, IMAGE_SIGNATURE_BYTES);
  return IMAGE_SIGNATURES.find((signature) => signature.matches(head))?.mimeType;
}
