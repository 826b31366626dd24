import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A grey pulsing box that holds the place of content still loading. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      data-testid="skeleton"
      className={cn('animate-pulse rounded-md bg-slate-200', className)}
      {...props}
    />
  );
}
