/**
 * Sales per day as bars, drawn by hand in SVG (no chart library for one chart). The bars scale
 * with the width; the labels are HTML beside them, so they stay legible on a phone. The chart
 * is one image with a summary for a screen reader, and the same figures are a table below it.
 */
import { formatRupees } from '@storefront/shared/money';
import { formatCalendarDay } from '../../../lib/dates';
import type { DashboardResponse } from '@storefront/shared/staff-dashboard';

type Day = DashboardResponse['daily'][number];

const WIDTH = 300;
const HEIGHT = 100;
const GAP = 0.25;

const wholeRupees = (paise: number) => formatRupees(paise).replace(/\.00$/, '');

export function SalesChart({ days }: { days: Day[] }) {
  if (days.length === 0) return <p className="text-sm text-slate-600">No sales to show yet.</p>;
  const top = Math.max(...days.map((day) => day.revenuePaise), 1);
  const best = days.reduce((a, b) => (b.revenuePaise > a.revenuePaise ? b : a));
  const slot = WIDTH / days.length;
  const first = days[0]!;
  const last = days.at(-1)!;
  const summary = `Sales per day from ${formatCalendarDay(first.date)} to ${formatCalendarDay(last.date)}; the best day was ${formatCalendarDay(best.date)} with ${wholeRupees(best.revenuePaise)}.`;

  return (
    <figure className="grid gap-2">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
        <div
          className="flex flex-col justify-between text-right text-xs text-slate-500"
          aria-hidden="true"
        >
          <span>{wholeRupees(top)}</span>
          <span>₹0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-48 w-full border-b border-l border-slate-300"
        >
          <line
            x1={0}
            x2={WIDTH}
            y1={HEIGHT / 2}
            y2={HEIGHT / 2}
            className="stroke-slate-200"
            strokeWidth={0.5}
          />
          {days.map((day, index) => {
            const height = (day.revenuePaise / top) * (HEIGHT - 2);
            return (
              <rect
                key={day.date}
                x={index * slot + (slot * GAP) / 2}
                y={HEIGHT - height}
                width={slot * (1 - GAP)}
                height={height}
                className="fill-blue-600"
              >
                <title>
                  {formatCalendarDay(day.date)}: {wholeRupees(day.revenuePaise)}, {day.orders}{' '}
                  {day.orders === 1 ? 'order' : 'orders'}
                </title>
              </rect>
            );
          })}
        </svg>
        <span />
        <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{formatCalendarDay(first.date)}</span>
          <span>{formatCalendarDay(last.date)}</span>
        </div>
      </div>
      <figcaption className="sr-only">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-blue-700">Show the figures as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders and sales per day</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-1.5">
                  Day
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Orders
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  Sales
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {formatCalendarDay(day.date)}
                  </th>
                  <td className="px-3 py-1.5 text-right">{day.orders}</td>
                  <td className="px-3 py-1.5 text-right">{formatRupees(day.revenuePaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
