/** 'All Categories' plus the first 8 category names (spec §2, §9). */
import { Menu } from 'lucide-react';
import { Link } from 'react-router';
import { CATEGORY_STRIP_COUNT } from '@storefront/shared/constants';
import { categorySlug } from '@storefront/shared/slugs';
import { useCategories } from '../../lib/contexts/category-context';
import { href } from '@storefront/shared/routes';

const itemClass =
  'shrink-0 rounded px-2 py-1 text-sm whitespace-nowrap hover:outline hover:outline-1 hover:outline-white focus-visible:outline-2 focus-visible:outline-amber-400';

export function CategoryStrip({ onOpenAll }: { onOpenAll: () => void }) {
  const { categories } = useCategories();
  return (
    <nav aria-label="Categories" className="bg-slate-800 text-white">
      <ul className="mx-auto flex h-10 max-w-screen-2xl items-center gap-1 overflow-x-auto px-2 [scrollbar-width:none] sm:px-4">
        <li>
          <button
            type="button"
            onClick={onOpenAll}
            aria-haspopup="dialog"
            className={`${itemClass} flex items-center gap-1 font-bold`}
          >
            <Menu aria-hidden="true" className="size-4" />
            All Categories
          </button>
        </li>
        {(categories ?? []).slice(0, CATEGORY_STRIP_COUNT).map((category) => (
          <li key={category._id.$oid}>
            <Link to={href.category(categorySlug(category.category))} className={itemClass}>
              {category.category}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
