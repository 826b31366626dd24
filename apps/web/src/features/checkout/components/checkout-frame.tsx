/** The checkout's frame (its own header, title and steps) and its loading state, for both ways in. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { SITE_NAME } from '../../../components/layout/site-info';
import { CheckoutSteps } from '../../../components/order/checkout-steps';
import { Skeleton } from '../../../components/ui/skeleton';

/** The checkout's own header (the site's is hidden here, spec §2), its title and steps. */
export function CheckoutFrame({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-800 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-screen-xl items-center justify-between px-4 py-3 lg:px-8">
          <Link to={href.home()} className="text-xl font-bold">
            {SITE_NAME}
          </Link>
          <Link to={back.to} className="text-sm hover:underline">
            {back.label}
          </Link>
        </div>
      </header>
      <div className="mx-auto max-w-screen-xl px-4 py-8 lg:px-8">
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          <CheckoutSteps current="Shipping" />
        </div>
        {children}
      </div>
    </div>
  );
}

export const checkoutLoading = (
  <div aria-busy="true" aria-label="Loading checkout" className="grid gap-8 lg:grid-cols-3">
    <Skeleton className="h-96 lg:col-span-2" />
    <Skeleton className="h-64" />
  </div>
);
