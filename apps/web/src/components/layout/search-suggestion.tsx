/**
 * What one header suggestion shows: a small thumbnail, the name with the typed words marked,
 * and one unit's price as a card shows it (GST included, the default source). Loaded with the
 * search client, not with the first page: the highlighting comes from react-instantsearch.
 */
import { Highlight } from 'react-instantsearch';
import type { Suggestion } from '../../lib/api/use-search-suggestions';
import { formatRupees } from '@storefront/shared/money';
import { defaultUnitPaise } from '@storefront/shared/pricing';
import { ProductImage } from '../product/product-image';

export function SuggestionContent({ suggestion }: { suggestion: Suggestion }) {
  return (
    <>
      <ProductImage
        src={suggestion.imgUrl[0]?.src}
        alt=""
        sizes="40px"
        width={160}
        box="size-10 shrink-0"
        className="rounded bg-slate-50"
      />
      <span className="min-w-0 flex-1">
        <Highlight
          attribute="name"
          hit={suggestion}
          classNames={{
            root: 'line-clamp-2 text-sm text-slate-900',
            highlighted: 'bg-transparent font-semibold text-inherit',
          }}
        />
      </span>
      <span className="shrink-0 text-sm font-medium text-slate-700">
        {formatRupees(defaultUnitPaise(suggestion.sp))}
      </span>
    </>
  );
}
