/**
 * One search result (spec §2 "Search results"): first image, the name with the buyer's words
 * marked, brand and subcategory, a short description (from 'sm' up), the price and 'View Product' to
 * /products/{objectID}. The highlight goes through InstantSearch's <Highlight>, which renders
 * text and <mark> elements, never HTML from the index.
 */
import type { Hit } from 'instantsearch.js';
import { Highlight } from 'react-instantsearch';
import { href } from '@storefront/shared/routes';
import type { ProductRecord } from '@storefront/shared/search';
import { ProductRow } from '../../../components/product/product-row';

export function SearchHit({ hit }: { hit: Hit<ProductRecord> }) {
  return (
    <ProductRow
      testId="search-hit"
      to={href.product(hit.objectID)}
      imageSrc={hit.imgUrl[0]?.src}
      imageAlt={hit.name}
      name={
        <Highlight
          attribute="name"
          hit={hit}
          classNames={{ highlighted: 'rounded-sm bg-amber-100 text-inherit' }}
        />
      }
      price={hit.sp}
      description={
        <>
          <p className="mt-0.5 text-xs text-slate-500">
            {hit.pd_brand} · {hit.subcategory}
          </p>
          <p className="mt-1 hidden text-sm text-slate-600 sm:line-clamp-2">{hit.summary}</p>
        </>
      }
    />
  );
}
