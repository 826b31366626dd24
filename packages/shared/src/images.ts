/**
 * Image URL rules (spec §7 "Image URL resolution"): blank → placeholder; 'http…' as is;
 * otherwise prefixed with the image host, with '.png' appended when there is no extension.
 * Our image host is the same origin's /images service, which also serves WebP widths (?w=).
 */

export const IMAGE_HOST = '/images';
export const PLACEHOLDER_IMAGE = '/placeholder-image.jpg';
/** Widths the image service renders as WebP; anything else is refused. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const HAS_EXTENSION = /\.[a-z0-9]{2,5}$/i;

export function resolveImageUrl(src: string | null | undefined): string {
  const value = (src ?? '').trim();
  if (value === '') return PLACEHOLDER_IMAGE;
  if (value.startsWith('http')) return value;
  const path = value
    .replace(/^\/+/, '')
    .replace(/^images\//, '')
    .replace(/\.$/, '');
  return `${IMAGE_HOST}/${HAS_EXTENSION.test(path) ? path : `${path}.png`}`;
}

/** A srcset of WebP widths for images the local service can resize; undefined for others. */
export function imageSrcSet(
  url: string,
  widths: readonly ImageWidth[] = IMAGE_WIDTHS,
): string | undefined {
  if (!url.startsWith(`${IMAGE_HOST}/`)) return undefined;
  return widths.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** One resized WebP variant of a local image. */
export function imageAtWidth(url: string, width: ImageWidth): string {
  return url.startsWith(`${IMAGE_HOST}/`) ? `${url}?w=${width}` : url;
}
