/** Star rating. The product page's rating is static sample content (product decision #9). */
import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn';

export function Rating({ value, count }: { value: number; count: number }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="sr-only">
        Rated {value} out of 5 stars from {count} reviews
      </span>
      <span aria-hidden="true" className="flex">
        {Array.from({ length: 5 }, (_, i) => {
          const fill = Math.max(0, Math.min(1, value - i));
          return (
            <span key={i} className="relative inline-block size-4">
              <Star className="absolute inset-0 size-4 text-slate-300" />
              {fill > 0 ? (
                <span
                  className={cn('absolute inset-0 overflow-hidden', fill < 1 ? 'w-1/2' : 'w-full')}
                >
                  <Star className="size-4 fill-amber-400 text-amber-400" />
                </span>
              ) : null}
            </span>
          );
        })}
      </span>
      <span aria-hidden="true" className="font-medium">
        {value}
      </span>
      <span aria-hidden="true" className="text-blue-700">
        ({count})
      </span>
    </div>
  );
}
