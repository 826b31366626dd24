import { Skeleton } from '../../../components/ui/skeleton';

/** The product page while it loads. */
export function ProductSkeleton() {
  return (
    <div data-testid="product-loading" className="grid gap-8 lg:grid-cols-2">
      <Skeleton className="aspect-square w-full" />
      <div className="space-y-4">
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-12 w-72" />
      </div>
    </div>
  );
}
