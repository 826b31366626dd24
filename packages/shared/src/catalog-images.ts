import { z } from 'zod';

/**
 * Product photos a seller uploads (issue 20, decision 049): the upload's limits and answer, and
 * the shape of an uploaded image's source as a product's `images` list holds it. The server
 * decodes every upload and re-encodes it (EXIF and other metadata gone, turned upright first),
 * and names it by the hash of what it stored: 'uploads/<32 hex>.jpg', or '.png' for an image
 * with transparency. The storefront resolves such a source like any other (images.ts).
 */

/** The largest file one upload takes. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels an upload may decode to (50 megapixels, beyond any phone camera's default
 * photo): a small file that would unpack into gigabytes (a decompression bomb) is refused first.
 */
export const IMAGE_UPLOAD_MAX_PIXELS = 50_000_000;
/** The stored photo's longest side; a larger one is scaled down (the largest width served is 960). */
export const IMAGE_STORED_MAX_EDGE = 2048;

/**
 * A catalog import's zip of photos (docs/catalog-import.md): its entries, folders and skipped
 * files included, and its images unpacked together. The upload takes a zip file up to the same
 * size (photos do not compress: the file is about what it unpacks to).
 */
export const IMPORT_ZIP_MAX_ENTRIES = 2_000;
export const IMPORT_ZIP_MAX_BYTES = 1024 * 1024 * 1024;

/** The kinds of file an upload accepts, as a file input's `accept` names them. */
export const IMAGE_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
] as const;

/** An uploaded image's source: its storage key, the hash of its bytes and their kind. */
export const UPLOAD_SOURCE = /^uploads\/[0-9a-f]{32}\.(?:jpg|png)$/;
export const isUploadSource = (source: string): boolean => UPLOAD_SOURCE.test(source);

/** The answer to an upload: the source to put in the product's `images`, and what was stored. */
export const ImageUploadResponse = z.object({
  source: z.string().regex(UPLOAD_SOURCE),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The stored file's size. */
  bytes: z.number().int().positive(),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponse>;

/** The refusals of an upload, by code; the console shows `detail` as the server sends it. */
export const IMAGE_UPLOAD_MESSAGES = {
  image_too_large: `An image may be at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  image_invalid:
    'The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF or TIFF',
  image_too_many_pixels: `The image is over ${IMAGE_UPLOAD_MAX_PIXELS / 1_000_000} megapixels: scale it down first`,
} as const;
