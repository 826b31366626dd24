import { BadgeCheck } from 'lucide-react';

/** The 'Business Account Benefits' box (spec §1 marketing claims; product decision #8 in rupees). */
export const BUSINESS_BENEFITS = [
  'Quantity discounts applied automatically',
  'Net 30 payment terms',
  'Free business shipping on orders over ₹499',
  'Dedicated business customer support',
  'Dedicated account manager for large orders',
];

export function BusinessBenefits() {
  return (
    <section
      aria-labelledby="business-benefits"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <h2 id="business-benefits" className="font-semibold text-blue-900">
        Business Account Benefits
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm text-blue-950">
        {BUSINESS_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />
            {benefit}
          </li>
        ))}
      </ul>
    </section>
  );
}
