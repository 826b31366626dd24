/** The stock line's place while the uncached availability is asked (components/stock-line). */
export function StockChecking() {
  return (
    <p data-testid="stock-line" className="flex items-center gap-2 text-slate-500">
      <span aria-hidden="true" className="size-4 animate-pulse rounded-full bg-slate-200" />
      Checking stock…
    </p>
  );
}
