/**
 * The product's four tabs (spec §2 "Product detail"): Description (the product's HTML, through
 * ProductDescription, the app's one HTML sink), Documents & Resources (four static entries), Customer
 * Reviews and FAQ. Reviews, documents and FAQ are static sample content (product decision #9).
 */
import { FileText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { STATIC_RATING, STATIC_REVIEW_COUNT } from '@storefront/shared/constants';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { supportMailto } from '../../../components/layout/site-info';
import { Rating } from './rating';

export const DOCUMENTS = [
  { title: 'Product Specification Sheet', type: 'PDF', size: '1.2 MB' },
  { title: 'User Manual', type: 'PDF', size: '3.4 MB' },
  { title: 'Safety Data Sheet', type: 'PDF', size: '0.8 MB' },
  { title: 'Compliance Certificate', type: 'PDF', size: '0.5 MB' },
];

/** Share of reviews with 5, 4, 3, 2 and 1 stars. */
export const RATING_BARS = [
  { stars: 5, percent: 65 },
  { stars: 4, percent: 20 },
  { stars: 3, percent: 10 },
  { stars: 2, percent: 3 },
  { stars: 1, percent: 2 },
];

export const SAMPLE_REVIEWS = [
  {
    author: 'Rajesh K., Retail store owner',
    rating: 5,
    date: '12 December 2025',
    text: 'Ordered 60 units for our stores. The volume price applied automatically and the goods arrived well packed.',
  },
  {
    author: 'Priya S., Online seller',
    rating: 4,
    date: '28 November 2025',
    text: 'Good quality and consistent with the description. Delivery took a little longer than the estimate.',
  },
];

/** The product FAQ; an answer may name the link to request a quote for this product. */
export const PRODUCT_FAQ: { question: string; answer: string; quoteLink?: string }[] = [
  {
    question: 'Is this product compatible with my existing equipment?',
    answer:
      'Check the Key Features and the specification sheet. For anything they do not cover, our support team confirms compatibility before you order.',
  },
  {
    question: 'Do you offer bulk discounts?',
    answer:
      'Yes. The volume pricing table applies automatically, up to a maximum of 20% at 50+ units. For more than 250 units,',
    quoteLink: 'request a quote',
  },
  {
    question: 'What warranty comes with this product?',
    answer: 'A 3-year warranty with a Business account, and 1 year with a Standard purchase.',
  },
];

// DOMPurify (~9 KB gz) comes with the description in its own chunk, not in the page's first load.
const ProductDescription = lazy(() =>
  import('./product-description').then((module) => ({ default: module.ProductDescription })),
);

function DescriptionSkeleton() {
  return (
    <div data-testid="description-skeleton" className="space-y-2 py-2">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  );
}

export function ProductTabs({
  description,
  name,
  quoteHref,
}: {
  description: string;
  name: string;
  /** Request a quote for the product as chosen on the page (issue 22). */
  quoteHref: string;
}) {
  return (
    <Tabs defaultValue="description" className="rounded-lg bg-white px-4 shadow-sm sm:px-6">
      <TabsList aria-label="Product information">
        <TabsTrigger value="description">Description</TabsTrigger>
        <TabsTrigger value="documents">Documents &amp; Resources</TabsTrigger>
        <TabsTrigger value="reviews">Customer Reviews</TabsTrigger>
        <TabsTrigger value="faq">FAQ</TabsTrigger>
      </TabsList>

      <TabsContent value="description">
        <Suspense fallback={<DescriptionSkeleton />}>
          <ProductDescription html={description} />
        </Suspense>
      </TabsContent>

      <TabsContent value="documents">
        <ul className="divide-y divide-slate-200">
          {DOCUMENTS.map((doc) => (
            <li key={doc.title} className="flex items-center gap-3 py-3">
              <FileText aria-hidden="true" className="size-6 shrink-0 text-blue-700" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{doc.title}</p>
                <p className="text-xs text-slate-500">
                  {doc.type} · {doc.size}
                </p>
              </div>
              <a
                href={supportMailto(`${doc.title}: ${name}`)}
                className="text-sm font-medium text-blue-700 hover:underline"
              >
                Request
              </a>
            </li>
          ))}
        </ul>
      </TabsContent>

      <TabsContent value="reviews">
        <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
          <div>
            <p className="text-4xl font-bold">{STATIC_RATING}</p>
            <Rating value={STATIC_RATING} count={STATIC_REVIEW_COUNT} />
            <ul className="mt-4 space-y-1.5" aria-label="Rating breakdown">
              {RATING_BARS.map((bar) => (
                <li key={bar.stars} className="flex items-center gap-2 text-sm">
                  <span className="w-12 shrink-0">{bar.stars} star</span>
                  <progress
                    max={100}
                    value={bar.percent}
                    aria-label={`${bar.stars} star`}
                    className="rating-bar h-2 flex-1"
                  />
                  <span className="w-9 shrink-0 text-right">{bar.percent}%</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <ul className="space-y-6">
              {SAMPLE_REVIEWS.map((review) => (
                <li key={review.author}>
                  <Rating value={review.rating} count={1} />
                  <p className="mt-1 font-medium">{review.author}</p>
                  <p className="text-xs text-slate-500">{review.date}</p>
                  <p className="mt-2 text-sm text-slate-700">{review.text}</p>
                </li>
              ))}
            </ul>
            <Button variant="outline" className="mt-6" disabled>
              See all {STATIC_REVIEW_COUNT} reviews
            </Button>
          </div>
        </div>
      </TabsContent>

      <TabsContent value="faq">
        <dl className="space-y-4">
          {PRODUCT_FAQ.map((item) => (
            <div key={item.question}>
              <dt className="font-medium">{item.question}</dt>
              <dd className="mt-1 text-sm text-slate-700">
                {item.answer}
                {item.quoteLink ? (
                  <>
                    {' '}
                    <Link to={quoteHref} className="text-blue-700 underline">
                      {item.quoteLink}
                    </Link>{' '}
                    and our sales team will reply with a custom price.
                  </>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </TabsContent>
    </Tabs>
  );
}
