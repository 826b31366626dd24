/**
 * A product's stock, set by compare-and-set (decision 050): each row sends what it showed and
 * what it should be, so units an order took since the page loaded are never written over — the
 * server answers 409 and the panel says to reload. Empty: not tracked (always available); a
 * variant left empty draws on the product's stock.
 */
import { useState, type FormEvent } from 'react';
import type { CatalogProductDetail } from '@storefront/shared/catalog-desk';
import { LOW_STOCK_THRESHOLD } from '@storefront/shared/catalog-product';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../../components/ui/button';
import { ErrorAlert } from '../../../../components/ui/alert';
import { toast } from '../../../../components/ui/use-toast';
import { ApiError } from '../../../../lib/api/api-client';
import { describeError } from '../../../../lib/api/error-message';
import { Panel } from '../../../components/panel';
import { productQuery } from '../api/get-product';
import { useSetProductStock } from '../api/set-product-stock';

interface Row {
  variant: string | null;
  label: string;
  current: number | null;
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function StockPanel({ detail }: { detail: CatalogProductDetail }) {
  const queryClient = useQueryClient();
  const rows: Row[] = [
    { variant: null, label: 'Product', current: detail.product.stock },
    ...detail.product.variants.map((v) => ({
      variant: v.option1,
      label: v.option1,
      current: v.stock,
    })),
  ];
  const [values, setValues] = useState(() => rows.map((row) => text(row.current)));
  const [problem, setProblem] = useState<string>();
  const setStock = useSetProductStock(detail.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const changes = [];
    for (const [i, row] of rows.entries()) {
      const typed = values[i]!.trim();
      if (typed !== '' && !/^\d{1,8}$/.test(typed)) {
        setProblem(`${row.label}: enter a whole number of units, or leave it empty`);
        return;
      }
      const onHand = typed === '' ? null : Number(typed);
      if (onHand !== row.current)
        changes.push({ variant: row.variant, expected: row.current, onHand });
    }
    if (changes.length === 0) return;
    setStock.mutate(
      { rows: changes },
      {
        onSuccess: () => toast({ title: 'Stock saved' }),
        onError: (error) => setProblem(describeError(error) ?? 'Could not save the stock'),
      },
    );
  };
  const conflict = setStock.error instanceof ApiError && setStock.error.status === 409;

  return (
    <Panel title="Stock">
      <p className="text-sm text-slate-600">
        Units on hand. Empty: not tracked (always available); a variant left empty draws on the
        product’s stock. Below {LOW_STOCK_THRESHOLD} the product page says “Only N left”.
      </p>
      <form onSubmit={submit} className="grid gap-3">
        <div className="grid gap-2 sm:grid-cols-2">
          {rows.map((row, i) => (
            <label key={row.label} className="grid gap-1 text-sm font-medium text-slate-800">
              {row.variant === null ? 'Product stock' : `Stock of ${row.label}`}
              <input
                inputMode="numeric"
                value={values[i]}
                onChange={(event) =>
                  setValues(values.map((v, j) => (j === i ? event.target.value : v)))
                }
                placeholder="Not tracked"
                className="h-10 rounded-md border border-slate-300 px-3 font-normal"
              />
            </label>
          ))}
        </div>
        {problem ? (
          <ErrorAlert title={conflict ? 'Stock changed meanwhile' : 'Stock not saved'}>
            <p>{problem}</p>
            {conflict ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() =>
                  void queryClient.invalidateQueries({ queryKey: productQuery(detail.id).queryKey })
                }
              >
                Reload the product
              </Button>
            ) : null}
          </ErrorAlert>
        ) : null}
        <div>
          <Button type="submit" variant="outline" disabled={setStock.isPending}>
            {setStock.isPending ? 'Saving stock…' : 'Save stock'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
