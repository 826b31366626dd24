/** Shipping source selector with its tooltip (spec §2, §9): only Ex-India Customs (INR). */
import { Info } from 'lucide-react';
import { useId } from 'react';
import { Tooltip } from '../../../components/ui/tooltip';
import { OFFERED_SOURCES, SOURCE_EXPLANATIONS } from '../lib/sources';

export function SourceSelector({
  value,
  onChange,
}: {
  value: string;
  onChange: (source: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="mb-1 flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          Shipping source
        </label>
        <Tooltip
          trigger={
            <button
              type="button"
              aria-label="About shipping sources"
              className="rounded-full text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <Info aria-hidden="true" className="size-4" />
            </button>
          }
        >
          <ul className="space-y-1">
            {SOURCE_EXPLANATIONS.map((item) => (
              <li key={item.label}>
                <strong>{item.label}:</strong> {item.text}
              </li>
            ))}
          </ul>
        </Tooltip>
      </div>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30 sm:w-72"
      >
        {OFFERED_SOURCES.map((source) => (
          <option key={source.value} value={source.value}>
            {source.label}
          </option>
        ))}
      </select>
    </div>
  );
}
