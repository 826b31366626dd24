/**
 * The marketing panel beside the auth forms (spec §1 "Marketing claims", §2 "Auth"). The
 * shipping threshold is in rupees (docs/product-decisions.md #8).
 */
import {
  BadgePercent,
  CalendarClock,
  Handshake,
  Headset,
  PackageSearch,
  Sparkles,
  Tags,
  Truck,
  type LucideIcon,
} from 'lucide-react';

const BENEFITS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: BadgePercent,
    title: 'Quantity discounts',
    text: 'Bulk price tiers applied automatically at checkout.',
  },
  {
    icon: CalendarClock,
    title: 'Net 30 payment terms',
    text: 'Pay for approved orders within 30 days.',
  },
  { icon: Truck, title: 'Free business shipping', text: 'On orders over ₹499.' },
  {
    icon: Headset,
    title: 'Business customer support',
    text: 'A dedicated team for business buyers.',
  },
  {
    icon: Handshake,
    title: 'Dedicated account manager',
    text: 'Personal help with large orders.',
  },
  { icon: Tags, title: 'Business-exclusive deals', text: 'Prices reserved for business accounts.' },
  {
    icon: Sparkles,
    title: 'Recommendations',
    text: 'Products picked for what your business buys.',
  },
  {
    icon: PackageSearch,
    title: 'Order tracking',
    text: 'Every order followed from payment to delivery.',
  },
];

export function MarketingPanel() {
  return (
    <aside
      aria-labelledby="business-benefits"
      className="rounded-xl bg-gradient-to-br from-slate-900 to-blue-900 p-6 text-white sm:p-8"
    >
      <h2 id="business-benefits" className="text-2xl font-bold">
        Why buy with a Business Account?
      </h2>
      <p className="mt-2 text-slate-300">
        Source from overseas suppliers and domestic warehouses; we handle shipping and customs.
      </p>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10">
              <Icon aria-hidden="true" className="size-5 text-amber-400" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-slate-300">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
