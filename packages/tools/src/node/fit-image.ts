/**
 * Largest base64 payload of an image Read attaches (4.5 MiB): under Anthropic's 5 MB per-image limit with
 * headroom, the bound pi-coding-agent's Read resizes to.
 */
export const IMAGE_MAX_BASE64_BYTES = 4.5 * 1024 * 1024;

/** Largest width and height of an attached image (2,000 px): providers downscale larger images anyway. */
export const IMAGE_MAX_DIMENSION = 2_000;

/** JPEG qualities tried, best first, when a re-encoded PNG is still over {@link IMAGE_MAX_BASE64_BYTES}. */
const JPEG_QUALITIES = [80, 70, 55, 40] as const;

/** Each step down in size multiplies both dimensions by this when no encoding fits. */
const SHRINK_FACTOR = 0.75;

/** An image ready to attach, and how it relates to the file. */
export interface FittedImage {
  data: string;
  mimeType: string;
  originalWidth: number;
  originalHeight: number;
  width: number;
  height: number;
  resized: boolean;
}

type Photon = typeof import("@silvia-odwyer/photon-node");
type PhotonImage = InstanceType<Photon["PhotonImage"]>;

let photon: Promise<Photon> | undefined;

/** photon (Rust image code compiled to WebAssembly, 1.9 MB) is loaded on the first image read only. */
function loadPhoton(): Promise<Photon> {
  photon ??= import("@silvia-odwyer/photon-node").then(
    (loaded) => ((loaded as { default?: Photon }).default ?? loaded) as Photon,
  );
  return photon;
}

/**
 * `bytes` as an attachment within {@link IMAGE_MAX_DIMENSION} and {@link IMAGE_MAX_BASE64_BYTES}: as is when
 * it fits, else scaled down and re-encoded (PNG, then JPEG at falling quality, then smaller still).
 * `undefined` when the image cannot be decoded or made to fit.
 */
export async function fitImage(bytes: Buffer, mimeType: string): Promise<FittedImage | undefined> {
  const library = await loadPhoton();
  let image: PhotonImage | undefined;
  try {
    image = library.PhotonImage.new_from_byteslice(new Uint8Array(bytes));
    const originalWidth = image.get_width();
    const originalHeight = image.get_height();
    const data = bytes.toString("base64");
    if (
      originalWidth <= IMAGE_MAX_DIMENSION &&
      originalHeight <= IMAGE_MAX_DIMENSION &&
      data.length < IMAGE_MAX_BASE64_BYTES
    ) {
      return {
        data,
        mimeType,
        originalWidth,
        originalHeight,
        width: originalWidth,
        height: originalHeight,
        resized: false,
      };
    }
    const scale = Math.min(1, IMAGE_MAX_DIMENSION / originalWidth, IMAGE_MAX_DIMENSION / originalHeight);
    let width = Math.max(1, Math.round(originalWidth * scale));
    let height = Math.max(1, Math.round(originalHeight * scale));
    for (;;) {
      const encoded = encodeWithin(library, image, width, height);
      if (encoded) return { ...encoded, originalWidth, originalHeight, width, height, resized: true };
      const nextWidth = Math.max(1, Math.floor(width * SHRINK_FACTOR));
      const nextHeight = Math.max(1, Math.floor(height * SHRINK_FACTOR));
      if (nextWidth === width && nextHeight === height) return undefined;
      width = nextWidth;
      height = nextHeight;
    }
  } catch {
    return undefined;
  } finally {
    image?.free();
  }
}

function encodeWithin(
  library: Photon,
  image: PhotonImage,
  width: number,
  height: number,
): { data: string; mimeType: string } | undefined {
  const resized = library.resize(image, width, height, library.SamplingFilter.Lanczos3);
  try {
    const png = Buffer.from(resized.get_bytes()).toString("base64");
    if (png.length < IMAGE_MAX_BASE64_BYTES) return { data: png, mimeType: "image/png" };
    for (const quality of JPEG_QUALITIES) {
      const jpeg = Buffer.from(resized.get_bytes_jpeg(quality)).toString("base64");
      if (jpeg.length < IMAGE_MAX_BASE64_BYTES) return { data: jpeg, mimeType: "image/jpeg" };
    }
    return undefined;
  } finally {
    resized.free();
  }
}
