/**
 * The 'Order Summary' panel of the cart, checkout and payment steps (spec §2): one heading that
 * names the section; what sits under it is the caller's.
 */
import type { ReactNode } from 'react';
import { Card } from '../ui/card';

export function OrderSummaryCard({
  id,
  className,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  /** Padding and spacing. */
  className: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-bold">
        Order Summary
      </h2>
      {children}
    </Card>
  );
}
