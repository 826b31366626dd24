/**
 * An audit entry's before and after, readable: for two records, a row per field with its old
 * and new value, the changed ones marked in words (not colour alone); anything else as the two
 * values side by side.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="text-slate-500">—</span>;
  const old = before ?? {};
  const now = after ?? {};
  if (!isRecord(old) || !isRecord(now))
    return (
      <span className="font-mono text-xs">
        {show(before)} → {show(after)}
      </span>
    );
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return (
    <table className="text-xs">
      <thead className="sr-only">
        <tr>
          <th scope="col">Field</th>
          {before == null ? null : <th scope="col">Before</th>}
          <th scope="col">{before == null ? 'Value' : 'After'}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const changed = show(old[field]) !== show(now[field]);
          return (
            <tr key={field} className={changed ? '' : 'text-slate-500'}>
              <th scope="row" className="pr-2 text-left font-medium whitespace-nowrap">
                {field}
              </th>
              {before == null ? null : (
                <td className="pr-2 font-mono break-all">
                  {changed ? (
                    <del className="text-red-800">{show(old[field])}</del>
                  ) : (
                    show(old[field])
                  )}
                </td>
              )}
              <td className="font-mono break-all">
                {changed && before != null ? (
                  <ins className="text-green-800 no-underline">
                    <span className="sr-only">changed to </span>
                    {show(now[field])}
                  </ins>
                ) : (
                  show(now[field])
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
