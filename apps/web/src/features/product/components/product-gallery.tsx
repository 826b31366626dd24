/**
 * Product gallery (spec §2 "Product detail"): skeletons while checking which images load;
 * failed images are dropped; none valid shows nothing; the first valid image is selected;
 * clicking a thumbnail selects it; the thumbnail strip only with more than one valid image,
 * its arrows only with more than 5. The main image is the page's LCP element: it is preloaded
 * with high priority while the checks run. The strip is the browser's own scrolling (touch,
 * trackpad, focus) with arrows that page through it, rather than a carousel library: 27 KB
 * gzipped less on the product page's first load (decision 033).
 */
import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import {
  imageAtWidth,
  imageSrcSet,
  PRODUCT_MAIN_IMAGE,
  resolveImageUrl,
} from '@storefront/shared/images';
import { ProductImage } from '../../../components/product/product-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useImageChecks } from '../../../lib/image-check';

const THUMBS_WITHOUT_ARROWS = 5;

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const first = images[0];
  if (first) {
    const url = resolveImageUrl(first);
    preload(imageAtWidth(url, PRODUCT_MAIN_IMAGE.width), {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: imageSrcSet(url),
      imageSizes: PRODUCT_MAIN_IMAGE.sizes,
    });
  }
  const checks = useImageChecks(images);
  const valid = images.filter((src) => checks.isValid(src));
  const [selected, setSelected] = useState(0);

  if (checks.isChecking) {
    return (
      <div data-testid="gallery-loading" className="space-y-3">
        <Skeleton className="aspect-square w-full" />
        <div className="flex gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="size-16" />
          ))}
        </div>
      </div>
    );
  }
  if (valid.length === 0) return null;

  const current = valid[Math.min(selected, valid.length - 1)];
  return (
    <div data-testid="product-gallery" className="space-y-3">
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <ProductImage
          key={current}
          src={current}
          alt={name}
          sizes={PRODUCT_MAIN_IMAGE.sizes}
          width={PRODUCT_MAIN_IMAGE.width}
          priority
          className="bg-white"
        />
      </div>
      {valid.length > 1 ? (
        <ThumbnailStrip
          images={valid}
          selected={Math.min(selected, valid.length - 1)}
          onSelect={setSelected}
        />
      ) : null}
    </div>
  );
}

function ThumbnailStrip({
  images,
  selected,
  onSelect,
}: {
  images: string[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const arrows = images.length > THUMBS_WITHOUT_ARROWS;

  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    setAtStart(element.scrollLeft <= 0);
    setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
  }, []);
  useLayoutEffect(measure, [measure, images.length]);

  const page = (direction: -1 | 1) => {
    const element = strip.current;
    if (!element) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth,
      behavior: reduce ? 'auto' : 'smooth',
    });
  };

  return (
    <div data-testid="gallery-thumbnails" className="flex items-center gap-1">
      {arrows ? (
        <StripArrow
          label="Previous images"
          icon={ChevronLeft}
          disabled={atStart}
          onClick={() => page(-1)}
        />
      ) : null}
      <ul
        ref={strip}
        onScroll={measure}
        className="flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto p-0.5 [scrollbar-width:none]"
      >
        {images.map((src, index) => (
          <li key={src} className="w-16 shrink-0 snap-start sm:w-20">
            <button
              type="button"
              onClick={() => onSelect(index)}
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-pressed={index === selected}
              className={cn(
                'block w-full overflow-hidden rounded-md border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                index === selected ? 'border-blue-600' : 'border-slate-200 hover:border-slate-400',
              )}
            >
              <ProductImage src={src} alt="" sizes="80px" width={160} />
            </button>
          </li>
        ))}
      </ul>
      {arrows ? (
        <StripArrow
          label="Next images"
          icon={ChevronRight}
          disabled={atEnd}
          onClick={() => page(1)}
        />
      ) : null}
    </div>
  );
}

function StripArrow({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-7 shrink-0 place-items-center rounded-full bg-white text-slate-700 shadow focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
