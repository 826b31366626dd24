/**
 * What an image source names, read as the browser will request it: through the shared URL
 * rules (resolveImageUrl: '/products/X-1', 'products/X-1.png' and 'products/X-1' are one image)
 * and then the image service's own file patterns. The routes and the existence check both read
 * sources here, so a source the check passes is one the service serves.
 */
import { IMAGE_HOST, resolveImageUrl } from '@storefront/shared/images';

/** A seed image's file under /images/products/: 'products/<code>-<n>' as PNG. */
export const SEED_FILE = /^([A-Za-z0-9_-]+)\.(png)$/;
/** An upload's file under /images/uploads/ (catalog-images.ts UPLOAD_SOURCE without 'uploads/'). */
export const UPLOAD_FILE = /^([0-9a-f]{32})\.(jpg|png)$/;
/** Seed image keys are 'products/<product code>-<n>'. */
export const SEED_KEY = /^products\/(.+)-(\d+)$/;

export type ImageKey =
  | { kind: 'seed'; key: string; code: string }
  | { kind: 'upload'; key: string }
  /** An image on another host (spec §7 'http…' as is): not ours to serve or check. */
  | { kind: 'external' }
  /** Blank, or a path the image service answers 404 for whatever is stored. */
  | { kind: 'none' };

export function imageKeyOf(source: string): ImageKey {
  const url = resolveImageUrl(source);
  if (!url.startsWith(`${IMAGE_HOST}/`))
    return { kind: url.startsWith('http') ? 'external' : 'none' };
  const path = url.slice(IMAGE_HOST.length + 1);
  const slash = path.indexOf('/');
  const [folder, file] = [path.slice(0, slash), path.slice(slash + 1)];
  if (folder === 'products') {
    const match = SEED_FILE.exec(file);
    const seed = match && SEED_KEY.exec(`products/${match[1]}`);
    return seed ? { kind: 'seed', key: seed[0], code: seed[1]! } : { kind: 'none' };
  }
  if (folder === 'uploads') {
    const match = UPLOAD_FILE.exec(file);
    return match ? { kind: 'upload', key: `uploads/${file}` } : { kind: 'none' };
  }
  return { kind: 'none' };
}
