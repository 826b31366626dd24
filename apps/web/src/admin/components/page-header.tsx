import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import { useRouteFocus } from '../lib/route-focus';

/**
 * A console page's heading, also its tab title. The heading takes focus when the page is
 * navigated to (lib/route-focus.ts), so a screen reader starts there.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  const routeFocus = useRouteFocus();
  const { pathname } = useLocation();
  useEffect(() => {
    if (routeFocus.claim()) heading.current?.focus();
  }, [routeFocus, pathname]);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 focus:outline-none"
        >
          {title}
        </h1>
        {description ? <div className="text-sm text-slate-600">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
