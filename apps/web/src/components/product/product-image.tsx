/**
 * A product image from its stored source: WebP widths through srcset, fixed width/height so the
 * box is reserved before it loads, and /placeholder-image.jpg when it fails (spec §2).
 */
import { useState } from 'react';
import {
  imageAtWidth,
  imageSrcSet,
  PLACEHOLDER_IMAGE,
  resolveImageUrl,
  type ImageWidth,
} from '@storefront/shared/images';
import { cn } from '../../lib/cn';

export interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string;
  /** The variant used as `src` (browsers without srcset, and the first guess). */
  width?: ImageWidth;
  /** The drawn size; by default a square as wide as its container. */
  box?: string;
  className?: string;
  priority?: boolean;
}

export function ProductImage({
  src,
  alt,
  sizes,
  width = 320,
  box = 'h-auto w-full',
  className,
  priority = false,
}: ProductImageProps) {
  const url = resolveImageUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const broken = failedUrl === url || url === PLACEHOLDER_IMAGE;
  return (
    <img
      src={broken ? PLACEHOLDER_IMAGE : imageAtWidth(url, width)}
      srcSet={broken ? undefined : imageSrcSet(url)}
      sizes={broken ? undefined : sizes}
      alt={alt}
      width={width}
      height={width}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedUrl(url)}
      className={cn('aspect-square object-contain', box, className)}
    />
  );
}
