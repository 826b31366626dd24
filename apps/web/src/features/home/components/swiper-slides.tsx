/**
 * The carousels' Swiper part, loaded once the page is idle (slide-carousel.tsx): fade, loop,
 * autoplay that pauses on mouse hover, arrows and clickable bullets; Swiper's A11y and Keyboard
 * modules make the arrows and bullets focusable buttons and the arrow keys change slides.
 */
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { HERO_AUTOPLAY_MS } from '@storefront/shared/constants';
import type { Slide } from '../data/slides';
import { carouselHeight, SlideContent } from './slide-content';

export function SwiperSlides({
  slides,
  variant,
  onSwiper,
}: {
  slides: Slide[];
  variant: 'hero' | 'promo';
  onSwiper: (swiper: SwiperInstance) => void;
}) {
  const hero = variant === 'hero';
  return (
    <Swiper
      onSwiper={onSwiper}
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
      className={carouselHeight(hero)}
    >
      {slides.map((slide, index) => (
        <SwiperSlide key={slide.id} data-testid={`${variant}-slide`}>
          <SlideContent slide={slide} hero={hero} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
