import { Link } from 'react-router';
import type { Overview as OverviewData } from '../../../contract/admin';
import type { AfterSaleCounts } from '../../../contract/after-sale';
import { formatDayTime, formatINR } from '../../../contract/format';
import type { QuoteWaiting } from '../../../contract/quotes';
import { MiniChart } from './mini-chart';
import { Panel } from './ui';

const rupeesOf = (paise: number) => paise / 100;

/** The last archive that was written whole (decision 0051); `stale`: none for more than a day and a half. */
export interface BackupFact {
  last: { at: string; archive: string } | null;
  stale: boolean;
}

function BackupLine({ backup }: { backup: BackupFact }) {
  const { last, stale } = backup;
  return (
    <p
      role="status"
      className={`rounded-2xl p-4 text-sm shadow-sm ring-1 ${stale ? 'bg-amber-50 text-teak-900 ring-amber-200' : 'bg-white text-teak-800 ring-teak-200/60'}`}
    >
      {last ? (
        <>
          <span className="font-semibold">Last good backup:</span> {formatDayTime(last.at)} (India time), {last.archive}.
        </>
      ) : (
        <span className="font-semibold">No backup has been made yet: the shop makes one every night, or run npm run backup on the server.</span>
      )}
      {last && stale ? ' None since: check the e-mail the shop sent about the failure, or run npm run backup on the server.' : null}
    </p>
  );
}

export function Overview({
  overview: o,
  afterSale,
  quotes,
  backup,
}: {
  overview: OverviewData;
  afterSale?: AfterSaleCounts;
  quotes?: QuoteWaiting;
  backup?: BackupFact;
}) {
  const counts = [
    { label: 'Orders waiting', value: o.attention.orders_waiting, hint: 'Paid or in production', to: '/dashboard/orders' },
    ...(afterSale
      ? [
          {
            label: 'Returns and cancellations',
            value: afterSale.returns_open + afterSale.cancellation_requests,
            hint: `${afterSale.cancellation_requests} ${afterSale.cancellation_requests === 1 ? 'cancellation request' : 'cancellation requests'}, ${afterSale.returns_open} ${afterSale.returns_open === 1 ? 'open return' : 'open returns'}`,
            to: '/dashboard/returns',
          },
          { label: 'Refunds due', value: afterSale.refunds_due, hint: 'Within the 15 days the policy promises', to: '/dashboard/returns' },
          { label: 'Refunds overdue', value: afterSale.refunds_overdue, hint: 'Past their 15 days', to: '/dashboard/returns' },
        ]
      : []),
    ...(quotes
      ? [
          {
            label: 'Quotes to answer',
            value: quotes.to_price + quotes.changes_asked,
            hint: `${quotes.to_price} ${quotes.to_price === 1 ? 'request' : 'requests'} to price, ${quotes.changes_asked} ${quotes.changes_asked === 1 ? 'change' : 'changes'} asked`,
            to: '/dashboard/quotes',
          },
        ]
      : []),
    { label: 'Unread messages', value: o.attention.unread_messages, hint: 'Contact requests and feedback', to: '/dashboard/messages' },
    { label: 'Products out of stock', value: o.attention.out_of_stock, hint: 'Shown as sold out in the shop', to: '/dashboard/products' },
    // Shown only when there are some: the mail server refused them five times (Messages, Sent e-mails).
    ...(o.attention.failed_mail > 0
      ? [{ label: 'Failed e-mails', value: o.attention.failed_mail, hint: 'Not sent after five tries', to: '/dashboard/messages?tab=sent' }]
      : []),
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="attention-title">
        <h2 id="attention-title" className="sr-only">
          Needs attention
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {counts.map((c) => (
            <li key={c.label}>
              <Link
                to={c.to}
                className={`block w-full rounded-2xl p-4 text-left shadow-sm ring-1 transition hover:shadow-md ${c.value > 0 ? 'bg-amber-50 ring-amber-200' : 'bg-white ring-teak-200/60'}`}
              >
                <span className="block font-display text-3xl text-teak-900 tabular-nums">{c.value}</span>
                <span className="block text-sm font-semibold text-teak-900">{c.label}</span>
                <span className="block text-xs text-teak-700">{c.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {backup ? <BackupLine backup={backup} /> : null}
      <Panel title="Last 30 days">
        <div className="grid gap-8 md:grid-cols-2">
          <MiniChart title="Orders" points={o.days.map((d) => ({ date: d.date, value: d.orders }))} format={(n) => String(n)} />
          <MiniChart title="Revenue" points={o.days.map((d) => ({ date: d.date, value: rupeesOf(d.revenue_paise) }))} format={(n) => formatINR(n)} />
        </div>
        <p className="mt-4 text-xs text-teak-700">Paid orders by day (India time), today last. Pending and cancelled orders are not counted.</p>
      </Panel>
    </div>
  );
}
