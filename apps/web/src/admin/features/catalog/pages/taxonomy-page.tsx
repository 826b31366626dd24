/**
 * Categories, their subcategories and the home collections (issue 20, decision 050): add,
 * rename (the link stays the same), put in order, delete when empty; and each collection's
 * products. The home page shows the first 8 categories and the first 5 collections, so their
 * order here chooses what it shows; the server refuses leaving it fewer.
 */
import { ArrowDown, ArrowUp, Home, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  HOME_CATEGORY_CARDS,
  HOME_COLLECTION_BANNERS,
  type TaxonomyCollection,
} from '@storefront/shared/catalog-desk';
import { href } from '@storefront/shared/routes';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { describeError } from '../../../../lib/api/error-message';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { useChangeTaxonomy, type TaxonomyChange } from '../api/change-taxonomy';
import { useTaxonomy } from '../api/get-taxonomy';
import { CollectionProducts } from '../components/collection-products';

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** One change, with a toast of the server's refusal. */
function useRun() {
  const change = useChangeTaxonomy();
  return {
    busy: change.isPending,
    run: (what: TaxonomyChange, done?: string) =>
      change.mutateAsync(what).then(
        () => {
          if (done) toast({ title: done });
          return true;
        },
        (error: unknown) => {
          toast({
            variant: 'destructive',
            title: 'Not changed',
            description: describeError(error),
          });
          return false;
        },
      ),
  };
}

/** A name shown with its Rename, which turns it into a field. */
function Renamable({
  label,
  value,
  onRename,
  children,
}: {
  label: string;
  value: string;
  onRename: (name: string) => Promise<boolean>;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const field = useRef<HTMLInputElement>(null);
  // The field takes focus when Rename opens it: the member asked to type there.
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);
  if (!editing)
    return (
      <span className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-medium">{value}</span>
        {children}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Rename ${value}`}
          onClick={() => {
            setText(value);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="size-3.5" />
        </Button>
      </span>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || text.trim() === value) return setEditing(false);
    if (await onRename(text.trim())) setEditing(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-center gap-2">
      <input
        aria-label={label}
        ref={field}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm"
      />
      <Button type="submit" size="sm">
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}

function OrderButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  return (
    <span className="flex shrink-0">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
    </span>
  );
}

function AddForm({ label, onAdd }: { label: string; onAdd: (name: string) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && (await onAdd(name.trim()))) setName('');
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-center gap-2">
      <input
        aria-label={label}
        placeholder={label}
        value={name}
        onChange={(event) => setName(event.target.value)}
        className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm"
      />
      <Button type="submit" size="sm" variant="outline">
        Add
      </Button>
    </form>
  );
}

const HomeBadge = () => (
  <span className="inline-flex items-center gap-1 rounded bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-800">
    <Home aria-hidden="true" className="size-3" /> On the home page
  </span>
);

export function TaxonomyPage() {
  const taxonomy = useTaxonomy();
  const { run } = useRun();
  const [openCollection, setOpenCollection] = useState<string>();
  if (taxonomy.isPending) return <Loading what="the categories" />;
  if (taxonomy.isError) return <QueryError error={taxonomy.error} what="the categories" />;
  const { categories, collections } = taxonomy.data;
  const opened = collections.find((k) => k.id === openCollection);

  return (
    <>
      <PageHeader
        title="Categories"
        description={`The home page shows the first ${HOME_CATEGORY_CARDS} categories and the first ${HOME_COLLECTION_BANNERS} collections in this order. A rename keeps every link working.`}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Panel title="Categories">
          <ol className="grid gap-2">
            {categories.map((category, i) => (
              <li key={category.id} className="rounded-md border border-slate-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Renamable
                      label={`New name of ${category.name}`}
                      value={category.name}
                      onRename={(name) =>
                        run({ kind: 'rename-category', id: category.id, name }, 'Category renamed')
                      }
                    >
                      {category.onHome ? <HomeBadge /> : null}
                    </Renamable>
                    <p className="text-xs text-slate-500">
                      <a
                        href={href.category(category.slug)}
                        className="font-mono hover:underline"
                        target="_blank"
                        rel="noreferrer"
                      >
                        /categories/{category.slug}
                      </a>{' '}
                      · {category.productCount} products
                    </p>
                  </div>
                  <span className="flex shrink-0">
                    <OrderButtons
                      name={category.name}
                      index={i}
                      count={categories.length}
                      onMove={(to) =>
                        void run({
                          kind: 'order-categories',
                          ids: moved(categories, i, to).map((c) => c.id),
                        })
                      }
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${category.name}`}
                      disabled={category.productCount > 0}
                      title={category.productCount > 0 ? 'Move its products first' : undefined}
                      onClick={() =>
                        void run({ kind: 'delete-category', id: category.id }, 'Category deleted')
                      }
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                </div>
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm text-slate-700">
                    {category.subcategories.length} subcategories
                  </summary>
                  <ol className="mt-2 grid gap-1 pl-2">
                    {category.subcategories.map((sub, j) => (
                      <li key={sub.id} className="flex items-center justify-between gap-2 text-sm">
                        <span className="min-w-0">
                          <Renamable
                            label={`New name of ${sub.name}`}
                            value={sub.name}
                            onRename={(name) =>
                              run(
                                { kind: 'update-subcategory', id: sub.id, name },
                                'Subcategory renamed',
                              )
                            }
                          >
                            <span className="text-xs text-slate-500">{sub.productCount}</span>
                          </Renamable>
                        </span>
                        <span className="flex shrink-0">
                          <OrderButtons
                            name={sub.name}
                            index={j}
                            count={category.subcategories.length}
                            onMove={(to) =>
                              void run({
                                kind: 'order-subcategories',
                                categoryId: category.id,
                                ids: moved(category.subcategories, j, to).map((s) => s.id),
                              })
                            }
                          />
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${sub.name}`}
                            disabled={sub.productCount > 0}
                            onClick={() =>
                              void run(
                                { kind: 'delete-subcategory', id: sub.id },
                                'Subcategory deleted',
                              )
                            }
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </span>
                      </li>
                    ))}
                  </ol>
                  <div className="mt-2">
                    <AddForm
                      label={`New subcategory of ${category.name}`}
                      onAdd={(name) =>
                        run(
                          { kind: 'create-subcategory', categoryId: category.id, name },
                          'Subcategory added',
                        )
                      }
                    />
                  </div>
                </details>
              </li>
            ))}
          </ol>
          <AddForm
            label="New category"
            onAdd={(name) => run({ kind: 'create-category', name }, 'Category added')}
          />
        </Panel>

        <Panel title="Collections">
          <ol className="grid gap-2">
            {collections.map((collection, i) => (
              <CollectionRow
                key={collection.id}
                collection={collection}
                index={i}
                collections={collections}
                onOpen={() =>
                  setOpenCollection(openCollection === collection.id ? undefined : collection.id)
                }
                open={openCollection === collection.id}
              />
            ))}
          </ol>
          <AddCollection />
          {opened ? <CollectionProducts collection={opened} /> : null}
        </Panel>
      </div>
    </>
  );
}

function CollectionRow({
  collection,
  index,
  collections,
  open,
  onOpen,
}: {
  collection: TaxonomyCollection;
  index: number;
  collections: readonly TaxonomyCollection[];
  open: boolean;
  onOpen: () => void;
}) {
  const { run } = useRun();
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Renamable
            label={`New title of ${collection.title}`}
            value={collection.title}
            onRename={(title) =>
              run({ kind: 'update-collection', id: collection.id, title }, 'Collection renamed')
            }
          >
            {collection.onHome ? <HomeBadge /> : null}
          </Renamable>
          <Renamable
            label={`New subtitle of ${collection.title}`}
            value={collection.subtitle}
            onRename={(subtitle) =>
              run({ kind: 'update-collection', id: collection.id, subtitle }, 'Subtitle changed')
            }
          />
          <p className="text-xs text-slate-500">
            <span className="font-mono">/categories/{collection.slug}</span> ·{' '}
            {collection.productCount} products
          </p>
        </div>
        <span className="flex shrink-0">
          <OrderButtons
            name={collection.title}
            index={index}
            count={collections.length}
            onMove={(to) =>
              void run({
                kind: 'order-collections',
                ids: moved(collections, index, to).map((k) => k.id),
              })
            }
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Delete ${collection.title}`}
            onClick={() =>
              void run({ kind: 'delete-collection', id: collection.id }, 'Collection deleted')
            }
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </span>
      </div>
      <Button type="button" variant="link" size="inline" aria-expanded={open} onClick={onOpen}>
        {open ? 'Close its products' : 'Edit its products'}
      </Button>
    </li>
  );
}

function AddCollection() {
  const { run } = useRun();
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !subtitle.trim()) return;
    if (
      await run(
        { kind: 'create-collection', title: title.trim(), subtitle: subtitle.trim() },
        'Collection added',
      )
    ) {
      setTitle('');
      setSubtitle('');
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]"
    >
      <input
        aria-label="New collection title"
        placeholder="New collection title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        className="h-9 rounded-md border border-slate-300 px-2 text-sm"
      />
      <input
        aria-label="New collection subtitle"
        placeholder="Subtitle"
        value={subtitle}
        onChange={(event) => setSubtitle(event.target.value)}
        className="h-9 rounded-md border border-slate-300 px-2 text-sm"
      />
      <Button type="submit" size="sm" variant="outline">
        Add
      </Button>
    </form>
  );
}
