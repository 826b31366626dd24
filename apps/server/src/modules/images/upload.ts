/**
 * An uploaded photo made safe to keep and serve (issue 20, decision 049): its first bytes must
 * be those of a raster format we accept (so no SVG, PDF or other document ever reaches a
 * decoder), its size in pixels is checked before it is decoded (a decompression bomb is refused
 * from its header), then sharp decodes it whole, turns it upright by its EXIF orientation, scales
 * a very large one down and encodes it anew, which leaves every piece of metadata (EXIF with its
 * GPS position, XMP, comments) behind. The result is stored under the hash of its bytes.
 */
import { createHash } from 'node:crypto';
import {
  IMAGE_STORED_MAX_EDGE,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MAX_PIXELS,
  IMAGE_UPLOAD_MESSAGES,
  type ImageUploadResponse,
} from '@storefront/shared/catalog-images';
import { AppError, invalid } from '../../lib/errors.js';
import { loadSharp } from './load-sharp.js';
import type { ImageStorage } from './storage.js';

export type StoredImage = ImageUploadResponse;

type RasterFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'tiff';

const startsWith = (bytes: Buffer, ...signature: number[]) =>
  signature.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/**
 * The raster format a file's first bytes announce, or undefined for anything else. AVIF is an
 * ISO media file ('ftyp' box) of an AVIF brand; sharp calls it heif.
 */
export function sniffFormat(bytes: Buffer): RasterFormat | undefined {
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12)))
    return 'heif';
  if (startsWith(bytes, 0x49, 0x49, 0x2a, 0x00) || startsWith(bytes, 0x4d, 0x4d, 0x00, 0x2a))
    return 'tiff';
  return undefined;
}

export const imageInvalid = () => invalid('image_invalid', IMAGE_UPLOAD_MESSAGES.image_invalid);
/** An upload over its route's limit: the catalog's (10 MB), or a smaller one (a return's 5 MB). */
export const imageTooLarge = (maxBytes = IMAGE_UPLOAD_MAX_BYTES) =>
  new AppError(
    'too_large',
    'image_too_large',
    maxBytes === IMAGE_UPLOAD_MAX_BYTES
      ? IMAGE_UPLOAD_MESSAGES.image_too_large
      : `An image may be at most ${maxBytes / 1024 / 1024} MB`,
  );

/** The photo's pixels, upright, at most IMAGE_STORED_MAX_EDGE a side, without metadata. */
export async function reencodeImage(
  input: Buffer,
): Promise<{ data: Buffer; extension: 'jpg' | 'png'; width: number; height: number }> {
  if (input.length > IMAGE_UPLOAD_MAX_BYTES) throw imageTooLarge();
  const format = sniffFormat(input);
  if (!format) throw imageInvalid();
  const sharp = await loadSharp();
  // Only the header is read here: the size, before a single pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw imageInvalid();
    });
  if (meta.format !== format || !meta.width || !meta.height) throw imageInvalid();
  if (meta.width * meta.height > IMAGE_UPLOAD_MAX_PIXELS)
    throw invalid('image_too_many_pixels', IMAGE_UPLOAD_MESSAGES.image_too_many_pixels);
  // limitInputPixels again, for the decoder itself (a header that lies about the size); failOn
  // 'error' refuses a truncated or corrupt file but keeps the many photos with a harmless warning.
  const decode = () => sharp(input, { limitInputPixels: IMAGE_UPLOAD_MAX_PIXELS, failOn: 'error' });
  try {
    // Transparency is kept (as PNG) only where a pixel uses it; every other photo becomes a JPEG.
    const transparent = meta.hasAlpha ? !(await decode().stats()).isOpaque : false;
    const pipeline = decode()
      .rotate() // by the EXIF orientation, which the new file no longer carries
      .resize({
        width: IMAGE_STORED_MAX_EDGE,
        height: IMAGE_STORED_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const { data, info } = await (
      transparent
        ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return { data, extension: transparent ? 'png' : 'jpg', width: info.width, height: info.height };
  } catch {
    throw imageInvalid();
  }
}

/**
 * Decodes, re-encodes and stores an uploaded photo; answers its source ('uploads/<hash>.jpg').
 * The same photo uploaded twice is stored once, under the same source.
 */
export async function storeImage(storage: ImageStorage, input: Buffer): Promise<StoredImage> {
  const image = await reencodeImage(input);
  const hash = createHash('sha256').update(image.data).digest('hex').slice(0, 32);
  const source = `uploads/${hash}.${image.extension}`;
  await storage.put(source, image.data, image.extension === 'png' ? 'image/png' : 'image/jpeg');
  return { source, width: image.width, height: image.height, bytes: image.data.length };
}
