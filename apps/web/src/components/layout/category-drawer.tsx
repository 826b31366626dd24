/**
 * The 'Shop By Category' drawer (spec §2): every category with its subcategories
 * (/subcategories/{name slug}) and a 'See all in {category}' link (/categories/{name slug}).
 */
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { categorySlug } from '@storefront/shared/slugs';
import { useCategories } from '../../lib/contexts/category-context';
import { href } from '@storefront/shared/routes';
import { Sheet } from '../ui/sheet';
import { Skeleton } from '../ui/skeleton';

export interface CategoryDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CategoryDrawer({ open, onOpenChange }: CategoryDrawerProps) {
  const { categories, isLoading, error } = useCategories();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Shop By Category">
      {isLoading ? (
        <div className="space-y-3 p-4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-3/4" />
          ))}
        </div>
      ) : error ? (
        <p role="alert" className="p-4 text-sm text-red-600">
          Categories could not be loaded. Please try again later.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {(categories ?? []).map((category) => (
            <li key={category._id.$oid} className="py-3">
              <h3 className="px-4 pb-1 text-base font-bold text-slate-900">{category.category}</h3>
              <ul>
                {category.subCategory.map((sub) => (
                  <li key={sub.slug}>
                    <Link
                      to={href.subcategory(categorySlug(sub.name))}
                      onClick={close}
                      className="flex items-center justify-between px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
                    >
                      {sub.name}
                      <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
                    </Link>
                  </li>
                ))}
                <li>
                  <Link
                    to={href.category(categorySlug(category.category))}
                    onClick={close}
                    className="block px-4 py-2 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
                  >
                    See all in {category.category}
                  </Link>
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
