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

/**
 * The URL an image-existence check loads for a source (spec §4): the smallest WebP variant, so
 * the check is cheap and a thumbnail shown afterwards comes from the browser cache. The server
 * preloads these for a product page's gallery, which waits for its checks (decision 036).
 */
export function imageCheckUrl(src: string | null | undefined): string {
  return imageAtWidth(resolveImageUrl(src), 160);
}

/**
 * A product card's image in a listing grid: the variant used as `src`, and `sizes`. The cards
 * of the grid's first row (two on a phone and on a tablet) load theirs first: on a phone the
 * first card's image is the listing page's LCP element.
 */
export const PRODUCT_CARD_IMAGE = {
  width: 320,
  sizes: '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw',
  firstRow: 2,
} as const satisfies { width: ImageWidth; sizes: string; firstRow: number };

/** The product page's main image, its LCP element: the variant used as `src`, and `sizes`. */
export const PRODUCT_MAIN_IMAGE = {
  width: 640,
  sizes: '(min-width: 1024px) 560px, (min-width: 640px) 80vw, 100vw',
} as const satisfies { width: ImageWidth; sizes: string };
