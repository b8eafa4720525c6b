import { useId } from 'react';

export interface ChartPoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

const W = 300;
const H = 80;
const GAP = 1.5;

function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/**
 * A small bar chart drawn as inline SVG (no chart library: thirty bars do not need one). The numbers are
 * also in the accessible description, and each bar has a tooltip.
 */
export function MiniChart({ title, points, format }: { title: string; points: ChartPoint[]; format: (n: number) => string }) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const bar = points.length > 0 ? W / points.length : W;
  const busiest = points.reduce<ChartPoint | null>((best, p) => (best === null || p.value > best.value ? p : best), null);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="min-w-0">
      <figcaption className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-semibold text-teak-900">{title}</span>
        <span className="font-display text-2xl text-teak-900 tabular-nums">{format(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="mt-2 h-24 w-full overflow-visible"
      >
        <title id={`${id}-t`}>{`${title}, last ${points.length} days`}</title>
        <desc id={`${id}-d`}>
          {`Total ${format(total)}.`}
          {busiest && busiest.value > 0 ? ` Highest on ${shortDate(busiest.date)}: ${format(busiest.value)}.` : ' Nothing yet.'}
        </desc>
        <line x1={0} y1={H - 0.5} x2={W} y2={H - 0.5} className="stroke-teak-200" strokeWidth={1} />
        {points.map((p, i) => {
          const h = p.value > 0 ? Math.max(2, (p.value / max) * (H - 4)) : 0;
          return (
            <rect key={p.date} x={i * bar + GAP / 2} y={H - h} width={Math.max(0.5, bar - GAP)} height={h} rx={1} className="fill-teak-500">
              <title>{`${shortDate(p.date)}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-xs text-teak-700" aria-hidden>
          <span>{shortDate(first.date)}</span>
          <span>{shortDate(last.date)}</span>
        </div>
      ) : null}
    </figure>
  );
}
