/**
 * The five FAQ items of the home section and the FAQ page (spec §2 "Home"): single-open.
 * Facts: 20% maximum discount at 50+ units, a quote above 250 units (issue 22: the spec's
 * "contact sales" is now a request for a quote, answered by the sales team), warranty 3 years
 * (Business) vs 1 year (Standard).
 */
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';

export const FAQ_ITEMS = [
  {
    id: 'what',
    question: 'What is the B2B service?',
    answer: (
      <>
        We are a sourcing marketplace for business buyers in India. You buy from overseas suppliers
        and domestic warehouses at bulk prices in rupees, and we handle shipping and customs.
        Business accounts get a 3-year warranty on eligible products (Business), against 1 year on
        Standard purchases.
      </>
    ),
  },
  {
    id: 'shipping',
    question: 'How do shipping and customs work?',
    answer: (
      <>
        Products are offered Ex-India Customs: we ship your order to India and take care of the
        import, so you receive it at your business address. International products arrive in 12 to
        20 business days; see our{' '}
        <Link to={href.shippingPolicy()} className="text-blue-700 underline">
          Shipping Policy
        </Link>{' '}
        for details.
      </>
    ),
  },
  {
    id: 'who',
    question: 'Which businesses can use the service?',
    answer: (
      <>
        Retailers, online sellers, distributors and small manufacturers registered in India. Your
        account carries your company details and GST number, so every invoice is ready for input tax
        credit.
      </>
    ),
  },
  {
    id: 'tracking',
    question: 'How can I track my order?',
    answer: (
      <>
        Open Your Orders after signing in: each order shows its payment status, and once it has
        shipped, its carrier and tracking number.
      </>
    ),
  },
  {
    id: 'discounts',
    question: 'Do you offer volume discounts?',
    answer: (
      <>
        Yes. Quantity discounts apply automatically as your order reaches each price tier, up to a
        maximum of 20% at 50+ units. For orders above 250 units,{' '}
        <Link to={href.quoteNew()} className="text-blue-700 underline">
          request a quote
        </Link>{' '}
        from your cart or a product&apos;s page, and our sales team will reply with a custom price.
      </>
    ),
  },
];

/**
 * The WAI-ARIA accordion pattern: each question a button in a heading that shows or hides its
 * answer, one answer open at a time. Our own rather than Radix's (~5 KB gzipped on the home
 * page, decision 035).
 */
export function FaqList() {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  return (
    <div className="rounded-lg bg-white px-4 shadow-sm sm:px-6">
      {FAQ_ITEMS.map((item) => {
        const open = openId === item.id;
        const buttonId = `${baseId}-${item.id}`;
        return (
          <div key={item.id} className="border-b border-slate-200 last:border-b-0">
            <h3 className="flex">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={`${buttonId}-answer`}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex flex-1 items-center justify-between gap-4 py-4 text-left font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div
              id={`${buttonId}-answer`}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="pb-4 text-sm text-slate-700"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
