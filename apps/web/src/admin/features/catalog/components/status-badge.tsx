import type { ProductStatus } from '@storefront/shared/catalog-product';
import { cn } from '../../../../lib/cn';

const STYLES: Record<ProductStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  active: 'bg-green-100 text-green-800',
  archived: 'bg-slate-200 text-slate-600',
};
export const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  return (
    <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', STYLES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}
