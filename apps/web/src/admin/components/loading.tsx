import { Skeleton } from '../../components/ui/skeleton';

/** What a page shows while its data loads: grey rows, and the words for a screen reader. */
export function Loading({ what, rows = 5 }: { what: string; rows?: number }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">Loading {what}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
