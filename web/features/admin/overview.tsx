import { formatINR } from '../../../contract/format';
import { MiniChart } from './mini-chart';
import { Panel, useRemote } from './ui';
import type { AdminOverview } from './admin-types';

export function Overview({ onOpen }: { onOpen: (target: Record<string, string | null>) => void }) {
  const overview = useRemote<AdminOverview>('/api/admin/overview/', 'Error loading the overview.');
  const o = overview.data;
  const counts = o
    ? [
        { label: 'Orders waiting', value: o.orders_waiting, hint: 'Paid and not yet shipped', target: { section: 'orders', status: null } },
        { label: 'Unread messages', value: o.unread_messages, hint: 'Contact and feedback', target: { section: 'messages' } },
        { label: 'Products out of stock', value: o.out_of_stock, hint: 'Shown as sold out', target: { section: 'catalog' } },
      ]
    : [];
  return (
    <div className="grid gap-6">
      {overview.error ? <p className="text-sm text-red-800">{overview.error}</p> : null}
      {overview.loading && !o ? <p className="text-sm text-teak-700">Loading the overview…</p> : null}
      {o ? (
        <>
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Needs attention">
            {counts.map((c) => (
              <li key={c.label}>
                <button
                  type="button"
                  onClick={() => onOpen(c.target)}
                  className={`w-full rounded-2xl p-4 text-left shadow-sm ring-1 transition hover:shadow-md ${c.value > 0 ? 'bg-amber-50 ring-amber-200' : 'bg-white ring-teak-200/60'}`}
                >
                  <span className="block font-display text-3xl text-teak-900 tabular-nums">{c.value}</span>
                  <span className="block text-sm font-semibold text-teak-900">{c.label}</span>
                  <span className="block text-xs text-teak-700">{c.hint}</span>
                </button>
              </li>
            ))}
          </ul>
          <Panel title="Last 30 days">
            <div className="grid gap-6 md:grid-cols-2">
              <MiniChart title="Orders" points={o.days.map((d) => ({ date: d.date, value: d.orders }))} format={(n) => String(n)} />
              <MiniChart title="Revenue" points={o.days.map((d) => ({ date: d.date, value: Number(d.revenue) }))} format={(n) => formatINR(n)} />
            </div>
          </Panel>
        </>
      ) : null}
    </div>
  );
}
