/**
 * A collection's products, in the order its banner row and listing show them: find products by
 * name or code to add, move, remove, then save the whole list at once.
 */
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type {
  CollectionProductsResponse,
  TaxonomyCollection,
} from '@storefront/shared/catalog-desk';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { Loading } from '../../../components/loading';
import { QueryError } from '../../../components/query-error';
import { useCollectionProducts, useSetCollectionProducts } from '../api/collection-products';
import { useCatalogProducts } from '../api/list-products';
import { StatusBadge } from './status-badge';

type Item = CollectionProductsResponse['items'][number];

export function CollectionProducts({ collection }: { collection: TaxonomyCollection }) {
  const products = useCollectionProducts(collection.id);
  if (products.isPending) return <Loading what="the collection's products" rows={3} />;
  if (products.isError)
    return <QueryError error={products.error} what="the collection's products" />;
  return (
    <ProductsEditor key={collection.id} collection={collection} initial={products.data.items} />
  );
}

function ProductsEditor({
  collection,
  initial,
}: {
  collection: TaxonomyCollection;
  initial: Item[];
}) {
  const [items, setItems] = useState(initial);
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string>();
  const found = useCatalogProducts({ q: searched });
  const save = useSetCollectionProducts(collection.id);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setItems(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setSearched(query.trim() || undefined);
  };
  const changed = items.map((i) => i.id).join() !== initial.map((i) => i.id).join();

  return (
    <section aria-label={`Products of ${collection.title}`} className="grid gap-3 border-t pt-3">
      <h3 className="font-semibold">Products of {collection.title}</h3>
      <ol className="grid max-h-96 gap-1 overflow-y-auto">
        {items.map((item, i) => (
          <li key={item.id} className="flex items-center gap-2 text-sm">
            <span className="w-6 text-right text-slate-500">{i + 1}</span>
            <span className="min-w-0 flex-1 truncate">
              {item.name} <span className="font-mono text-xs text-slate-500">{item.code}</span>
            </span>
            {item.status === 'active' ? null : <StatusBadge status={item.status} />}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move ${item.code} up`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move ${item.code} down`}
              disabled={i === items.length - 1}
              onClick={() => move(i, i + 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove ${item.code}`}
              onClick={() => setItems(items.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      <form onSubmit={search} className="flex flex-wrap gap-2">
        <input
          type="search"
          aria-label="Find a product to add"
          placeholder="Find a product by name or code"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm"
        />
        <Button type="submit" size="sm" variant="outline">
          Find
        </Button>
      </form>
      {searched && found.data ? (
        <ul className="grid gap-1">
          {found.data.items.slice(0, 8).map((row) => (
            <li key={row.id} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate">
                {row.name} <span className="font-mono text-xs text-slate-500">{row.code}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={items.some((item) => item.id === row.id)}
                onClick={() =>
                  setItems([
                    ...items,
                    {
                      id: row.id,
                      code: row.code,
                      name: row.name,
                      status: row.status,
                      image: row.image,
                    },
                  ])
                }
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button
          type="button"
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate(
              items.map((item) => item.id),
              {
                onSuccess: () => toast({ title: `${collection.title} saved` }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not saved',
                    description: describeError(error),
                  }),
              },
            )
          }
        >
          {save.isPending ? 'Saving…' : 'Save the products'}
        </Button>
      </div>
    </section>
  );
}
