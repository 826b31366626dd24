/** One slide of the home carousels: background image, gradient, texts and its button. */
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { Slide } from '../data/slides';

export function SlideContent({
  slide,
  hero,
  first,
}: {
  slide: Slide;
  hero: boolean;
  /** The slide on screen first: its image loads at once, and for the hero with priority. */
  first: boolean;
}) {
  return (
    <div className="relative h-full w-full overflow-hidden bg-slate-800">
      <img
        src={slide.imageUrl}
        alt=""
        width={1600}
        height={640}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={hero && first ? 'high' : undefined}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className={cn('absolute inset-0 bg-gradient-to-r', slide.gradient)} />
      <div className="relative mx-auto flex h-full max-w-screen-2xl flex-col justify-center px-14 sm:px-20">
        <div className="max-w-xl text-white">
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">
            {slide.subtitle}
          </p>
          {hero ? (
            <h2 className="mt-2 text-3xl font-extrabold sm:text-4xl lg:text-5xl">{slide.title}</h2>
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
  );
}

/** The height of a carousel, the same before and after Swiper takes it over. */
export function carouselHeight(hero: boolean) {
  return hero ? 'h-[420px] sm:h-[460px] lg:h-[520px]' : 'h-[300px] sm:h-[340px]';
}
