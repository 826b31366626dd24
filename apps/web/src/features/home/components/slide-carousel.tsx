/**
 * The home carousels (spec §2 "Home"): fading slides, autoplay every 5000 ms that pauses on
 * mouse hover, loop, previous/next arrows and clickable bullets (swiper-slides.tsx).
 *
 * The first slide is drawn at once, in the box the carousel will have; Swiper (27 KB gzipped)
 * takes over when the page is idle, so it is not part of the home page's first load
 * (decision 033).
 *
 * Moving content must be stoppable (WCAG 2.2.2): a visible Pause/Play button stops the
 * rotation until pressed again, and the rotation also stops while keyboard focus is anywhere
 * inside the carousel, so a keyboard user is never reading a slide that moves away. A buyer
 * who asked the system for reduced motion starts with the rotation stopped.
 */
import { Pause, Play } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import type { Slide } from '../data/slides';
import { carouselHeight, SlideContent } from './slide-content';

const SwiperSlides = lazy(() =>
  import('./swiper-slides').then((module) => ({ default: module.SwiperSlides })),
);

/** True once the browser has had an idle moment after the first paint. */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}

export interface SlideCarouselProps {
  slides: Slide[];
  label: string;
  variant: 'hero' | 'promo';
}

const subscribeToNothing = () => () => undefined;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function SlideCarousel({ slides, label, variant }: SlideCarouselProps) {
  const hero = variant === 'hero';
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // The server's HTML (decision 070) cannot know the preference: read once hydrated.
  const reducedMotion = useSyncExternalStore(subscribeToNothing, prefersReducedMotion, () => false);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const stoppedByBuyer = chosen ?? reducedMotion;
  const [focusInside, setFocusInside] = useState(false);
  const idle = useIdle();
  const rotating = !stoppedByBuyer && !focusInside;

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (rotating && !swiper.autoplay.running) swiper.autoplay.start();
    if (!rotating && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiper, rotating]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-rotating={rotating}
      className="home-carousel relative"
      onFocus={() => setFocusInside(true)}
      onBlur={onBlur}
    >
      {/* First in the tab order, as the ARIA carousel pattern places the rotation control. */}
      <button
        type="button"
        onClick={() => setChosen(!stoppedByBuyer)}
        className="absolute right-3 bottom-3 z-20 flex size-10 items-center justify-center rounded-full bg-slate-900/60 text-white hover:bg-slate-900/80 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        {stoppedByBuyer ? (
          <Play aria-hidden="true" className="size-5" />
        ) : (
          <Pause aria-hidden="true" className="size-5" />
        )}
        <span className="sr-only">{stoppedByBuyer ? 'Play slides' : 'Pause slides'}</span>
      </button>
      {idle ? (
        <Suspense fallback={<FirstSlide slides={slides} hero={hero} />}>
          <SwiperSlides slides={slides} variant={variant} onSwiper={setSwiper} />
        </Suspense>
      ) : (
        <FirstSlide slides={slides} hero={hero} />
      )}
    </section>
  );
}

function FirstSlide({ slides, hero }: { slides: Slide[]; hero: boolean }) {
  const slide = slides[0];
  return (
    <div className={carouselHeight(hero)}>
      {slide ? <SlideContent slide={slide} hero={hero} first /> : null}
    </div>
  );
}
