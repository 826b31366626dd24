/**
 * The home carousels (spec §2 "Home"): fading slides, autoplay every 5000 ms that pauses on
 * mouse hover, loop, previous/next arrows and clickable bullets. Swiper's A11y and Keyboard
 * modules make the arrows and bullets focusable buttons and the arrow keys change slides.
 *
 * Moving content must be stoppable (WCAG 2.2.2): a visible Pause/Play button stops the
 * rotation until pressed again, and the rotation also stops while keyboard focus is anywhere
 * inside the carousel, so a keyboard user is never reading a slide that moves away. A buyer
 * who asked the system for reduced motion starts with the rotation stopped.
 */
import { Pause, Play } from 'lucide-react';
import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { HERO_AUTOPLAY_MS } from '@storefront/shared/constants';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { Slide } from '../data/slides';

export interface SlideCarouselProps {
  slides: Slide[];
  label: string;
  variant: 'hero' | 'promo';
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function SlideCarousel({ slides, label, variant }: SlideCarouselProps) {
  const hero = variant === 'hero';
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [stoppedByBuyer, setStoppedByBuyer] = useState(prefersReducedMotion);
  const [focusInside, setFocusInside] = useState(false);
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
        onClick={() => setStoppedByBuyer((stopped) => !stopped)}
        className="absolute right-3 bottom-3 z-20 flex size-10 items-center justify-center rounded-full bg-slate-900/60 text-white hover:bg-slate-900/80 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        {stoppedByBuyer ? (
          <Play aria-hidden="true" className="size-5" />
        ) : (
          <Pause aria-hidden="true" className="size-5" />
        )}
        <span className="sr-only">{stoppedByBuyer ? 'Play slides' : 'Pause slides'}</span>
      </button>
      <Swiper
        onSwiper={setSwiper}
        modules={[A11y, Autoplay, EffectFade, Keyboard, Navigation, Pagination]}
        effect="fade"
        fadeEffect={{ crossFade: true }}
        loop
        autoplay={{ delay: HERO_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }}
        navigation
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{
          prevSlideMessage: 'Previous slide',
          nextSlideMessage: 'Next slide',
          paginationBulletMessage: 'Go to slide {{index}}',
        }}
        className={cn(hero ? 'h-[420px] sm:h-[460px] lg:h-[520px]' : 'h-[300px] sm:h-[340px]')}
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={slide.id} data-testid={`${variant}-slide`}>
            <div className="relative h-full w-full overflow-hidden bg-slate-800">
              <img
                src={slide.imageUrl}
                alt=""
                width={1600}
                height={640}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={hero && index === 0 ? 'high' : undefined}
                className="absolute inset-0 h-full w-full object-cover"
              />
              <div className={cn('absolute inset-0 bg-gradient-to-r', slide.gradient)} />
              <div className="relative mx-auto flex h-full max-w-screen-2xl flex-col justify-center px-14 sm:px-20">
                <div className="max-w-xl text-white">
                  <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">
                    {slide.subtitle}
                  </p>
                  {hero ? (
                    <h2 className="mt-2 text-3xl font-extrabold sm:text-4xl lg:text-5xl">
                      {slide.title}
                    </h2>
                  ) : (
                    <h2 className="mt-2 text-2xl font-extrabold sm:text-3xl">{slide.title}</h2>
                  )}
                  <p className="mt-3 text-base text-slate-100 sm:text-lg">{slide.description}</p>
                  <Link
                    to={slide.to}
                    className={buttonClasses('secondary', 'lg', 'mt-6 focus-visible:outline-white')}
                  >
                    {slide.buttonText}
                    {/* Names the link by its slide: 'Learn More' alone says nowhere. */}
                    <span className="sr-only">: {slide.title}</span>
                  </Link>
                </div>
              </div>
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
