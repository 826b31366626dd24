/**
 * The two-step indicator of checkout and payment (spec §2, §4; product decision #1): the shipping
 * form creates the order, so on the payment step Shipping is done and Payment is current.
 */
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

const STEPS = ['Shipping', 'Payment'] as const;
export type CheckoutStep = (typeof STEPS)[number];

export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.indexOf(current);
  return (
    <ol aria-label="Checkout steps" className="flex items-center gap-3 text-sm font-medium">
      {STEPS.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step} className="flex items-center gap-3">
            {index > 0 ? (
              <span
                aria-hidden="true"
                className={cn(
                  'h-0.5 w-10 sm:w-16',
                  done || active ? 'bg-blue-600' : 'bg-slate-300',
                )}
              />
            ) : null}
            <span
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2',
                active || done ? 'text-slate-900' : 'text-slate-500',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-7 items-center justify-center rounded-full border-2 text-xs',
                  done && 'border-blue-600 bg-blue-600 text-white',
                  active && 'border-blue-600 text-blue-700',
                  !done && !active && 'border-slate-300',
                )}
              >
                {done ? <Check className="size-4" /> : index + 1}
              </span>
              {step}
              {done ? <span className="sr-only">(done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
