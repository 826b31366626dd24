/**
 * The checks a return photo gets before it is sent (decision 061): a kind of image the server
 * decodes, at most RETURN_PHOTO_MAX_BYTES, so the buyer hears at once rather than after an upload.
 * The server checks again and re-encodes it.
 */
import { IMAGE_UPLOAD_TYPES } from '@storefront/shared/catalog-images';
import { RETURN_PHOTO_MAX_BYTES } from '@storefront/shared/return-requests';

export const PHOTO_TYPES: readonly string[] = IMAGE_UPLOAD_TYPES;

const MAX_MB = RETURN_PHOTO_MAX_BYTES / 1024 / 1024;

/** Why this file cannot be a return photo, or undefined when it can. */
export function photoProblem(file: File): string | undefined {
  if (!PHOTO_TYPES.includes(file.type))
    return `${file.name} is not a photo we can read: choose a JPEG, PNG, WebP, GIF, AVIF or TIFF.`;
  if (file.size > RETURN_PHOTO_MAX_BYTES) return `${file.name} is over ${MAX_MB} MB.`;
  return undefined;
}
