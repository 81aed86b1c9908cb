import type { FileAccess } from "./file-access.js";

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

/** The image type Read attaches a file as (png, jpeg, gif, webp), by its magic bytes; else `undefined`. */
export async function detectImageMimeType(files: FileAccess, path: string): Promise<string | undefined> {
  const handle = await files.openFile(path, "read");
  try {
    const head = Buffer.alloc(IMAGE_SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const sniffed = head.subarray(0, bytesRead);
    return IMAGE_SIGNATURES.find((signature) => signature.matches(sniffed))?.mimeType;
  } finally {
    await handle.close();
  }
}
