/**
 * The five FAQ items of the home section and the FAQ page (spec §2 "Home"): single-open.
 * Facts: 20% maximum discount at 50+ units, contact sales above 250 units, warranty 3 years
 * (Business) vs 1 year (Standard).
 */
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../ui/accordion';

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
        maximum of 20% at 50+ units. For orders above 250 units, contact our sales team for a custom
        quote.
      </>
    ),
  },
];

export function FaqList() {
  return (
    <Accordion type="single" collapsible className="rounded-lg bg-white px-4 shadow-sm sm:px-6">
      {FAQ_ITEMS.map((item) => (
        <AccordionItem key={item.id} value={item.id} className="last:border-b-0">
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
