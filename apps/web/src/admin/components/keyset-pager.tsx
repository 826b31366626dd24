import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** Previous and Next for a keyset-paged table, with the page number between them. */
export function KeysetPager({
  label,
  pageNumber,
  hasPrevious,
  next,
  onPrevious,
  onNext,
}: {
  /** What is paged, for the navigation's name: 'Orders pages'. */
  label: string;
  pageNumber: number;
  hasPrevious: boolean;
  next: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <span className="text-sm text-slate-600">Page {pageNumber}</span>
      <Button variant="outline" size="sm" disabled={!next} onClick={() => next && onNext(next)}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
