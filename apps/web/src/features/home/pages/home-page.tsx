import { FaqList } from '../../../components/faq/faq-list';
import { SlideCarousel } from '../components/slide-carousel';
import { ShopByCategory } from '../components/shop-by-category';
import { TopCategories } from '../components/top-categories';
import { HERO_SLIDES, PROMO_SLIDES } from '../data/slides';

/** Home (spec §2): hero, Shop by Category, the second carousel, Top Categories, FAQ. */
export function HomePage() {
  return (
    <div className="space-y-12 pb-4">
      <h1 className="sr-only">B2B Storefront: bulk sourcing for Indian businesses</h1>
      <SlideCarousel slides={HERO_SLIDES} label="Highlights" variant="hero" />
      <ShopByCategory />
      <div className="mx-auto max-w-screen-2xl px-4 lg:px-8">
        <div className="overflow-hidden rounded-lg">
          <SlideCarousel slides={PROMO_SLIDES} label="Services" variant="promo" />
        </div>
      </div>
      <TopCategories />
      <section aria-labelledby="home-faq" className="mx-auto max-w-4xl px-4">
        <h2 id="home-faq" className="mb-4 text-2xl font-bold">
          Frequently Asked Questions
        </h2>
        <FaqList />
      </section>
    </div>
  );
}
