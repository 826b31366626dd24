import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element the panel is, so a section keeps its heading and a list its items. */
  as?: 'div' | 'section' | 'article' | 'aside' | 'ul' | 'li';
  /** Without the shadow, for a panel that sits flat on the page (the profile's). */
  flat?: boolean;
}

/**
 * The app's panel: white, bordered and rounded, with a light shadow unless flat. Padding and
 * layout are the caller's (className), so they never meet a class of the card's own.
 */
export function Card({ as: Element = 'div', flat = false, className, ...props }: CardProps) {
  return (
    <Element
      className={cn('rounded-lg border border-slate-200 bg-white', !flat && 'shadow-sm', className)}
      {...props}
    />
  );
}
