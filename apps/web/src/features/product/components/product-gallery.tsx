/**
 * Product gallery (spec §2 "Product detail"): skeletons while checking which images load;
 * failed images are dropped; none valid shows nothing; the first valid image is selected;
 * clicking a thumbnail selects it; the thumbnail strip only with more than one valid image,
 * its arrows only with more than 5. The main image is the page's LCP element: it is preloaded
 * with high priority while the checks run.
 */
import { useState } from 'react';
import { preload } from 'react-dom';
import { A11y, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import { imageAtWidth, imageSrcSet, resolveImageUrl } from '@storefront/shared/images';
import { ProductImage } from '../../../components/product/product-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useImageChecks } from '../../../lib/image-check';

const MAIN_SIZES = '(min-width: 1024px) 560px, (min-width: 640px) 80vw, 100vw';
const THUMBS_WITHOUT_ARROWS = 5;

export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const first = images[0];
  if (first) {
    const url = resolveImageUrl(first);
    preload(imageAtWidth(url, 640), {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: imageSrcSet(url),
      imageSizes: MAIN_SIZES,
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
          sizes={MAIN_SIZES}
          width={640}
          priority
          className="bg-white"
        />
      </div>
      {valid.length > 1 ? (
        <div className="product-thumbs relative" data-testid="gallery-thumbnails">
          <Swiper
            modules={[A11y, Navigation]}
            slidesPerView="auto"
            spaceBetween={8}
            navigation={valid.length > THUMBS_WITHOUT_ARROWS}
            a11y={{ prevSlideMessage: 'Previous images', nextSlideMessage: 'Next images' }}
            className={cn(valid.length > THUMBS_WITHOUT_ARROWS && 'px-8!')}
          >
            {valid.map((src, index) => (
              <SwiperSlide key={src} className="w-16! sm:w-20!">
                <button
                  type="button"
                  onClick={() => setSelected(index)}
                  aria-label={`Show image ${index + 1} of ${valid.length}`}
                  aria-pressed={index === Math.min(selected, valid.length - 1)}
                  className={cn(
                    'block w-full overflow-hidden rounded-md border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                    index === Math.min(selected, valid.length - 1)
                      ? 'border-blue-600'
                      : 'border-slate-200 hover:border-slate-400',
                  )}
                >
                  <ProductImage src={src} alt="" sizes="80px" width={160} />
                </button>
              </SwiperSlide>
            ))}
          </Swiper>
        </div>
      ) : null}
    </div>
  );
}
