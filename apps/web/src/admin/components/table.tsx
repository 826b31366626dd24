/**
 * The console's tables: a real <table> with a caption and column headers, in a region that
 * scrolls sideways on a narrow screen (focusable, so a keyboard can scroll it too).
 */
import type { ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function DataTable({
  caption,
  captionHidden = false,
  children,
}: {
  caption: string;
  /** The caption for assistive technology only, when a heading above says the same. */
  captionHidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      // A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption
          className={cn('px-4 py-2 text-left text-sm text-slate-600', captionHidden && 'sr-only')}
        >
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={cn('border-b border-slate-100 px-3 py-2 align-top text-slate-800', className)}
      {...props}
    />
  );
}
