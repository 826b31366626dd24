import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';
import { usePageTitle } from '../../../lib/page-title';

/** The standalone frame of sign-in and setup: the console's name and one card. */
export function AuthCard({
  title,
  wide = false,
  children,
}: {
  title: string;
  /** Room for the setup page's QR code beside its form. */
  wide?: boolean;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <Card className={cn('grid w-full gap-6 p-6 sm:p-8', wide ? 'max-w-3xl' : 'max-w-md')}>
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-slate-500">
            <span className="text-amber-600">Storefront</span> Console
          </p>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        </div>
        {children}
      </Card>
    </main>
  );
}
