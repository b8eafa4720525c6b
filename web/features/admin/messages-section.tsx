import { Link, useFetcher } from 'react-router';
import type { AdminMessage, AdminMessagesPage, OutboxPage } from '../../../contract/admin';
import { useListParams, useAnswerToast } from './forms';
import type { Answer } from '../../lib/answer';
import { Panel, dateTime, secondaryButton } from './ui';

export const MESSAGES_PAGE = 50;

const TABS = [
  { id: 'inbox', label: 'Inbox' },
  { id: 'sent', label: 'Sent e-mails' },
] as const;

export type MessagesData = { tab: 'inbox'; page: AdminMessagesPage } | { tab: 'sent'; page: OutboxPage };

/** The inbox (contact requests and feedback) and the e-mails the shop sent, each at its own address (?tab=sent). */
export function MessagesSection({ data }: { data: MessagesData }) {
  return (
    <div>
      <nav aria-label="Messages" className="mb-5 flex gap-1 overflow-x-auto border-b border-teak-200">
        {TABS.map((t) => (
          <Link
            key={t.id}
            to={t.id === 'inbox' ? '/dashboard/messages' : '/dashboard/messages?tab=sent'}
            aria-current={data.tab === t.id ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${data.tab === t.id ? 'border-teak-600 text-teak-900' : 'border-transparent text-teak-700 hover:text-teak-900'}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {data.tab === 'sent' ? <Outbox page={data.page} /> : <Inbox page={data.page} />}
    </div>
  );
}

function Pager({ count, label }: { count: number; label: string }) {
  const [params, setParams] = useListParams();
  const offset = Number(params.get('offset')) || 0;
  if (count <= MESSAGES_PAGE) return null;
  const move = (to: number) => setParams({ offset: to > 0 ? String(to) : null });
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" className={secondaryButton} disabled={offset === 0} onClick={() => move(Math.max(0, offset - MESSAGES_PAGE))}>
        Newer
      </button>
      <span className="text-teak-800">
        {offset + 1}–{Math.min(count, offset + MESSAGES_PAGE)} of {count}
      </span>
      <button type="button" className={secondaryButton} disabled={offset + MESSAGES_PAGE >= count} onClick={() => move(offset + MESSAGES_PAGE)}>
        Older
      </button>
    </nav>
  );
}

function Inbox({ page }: { page: AdminMessagesPage }) {
  const [params, setParams] = useListParams();
  return (
    <Panel
      title="Contact and feedback"
      actions={
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <select
            value={params.get('kind') ?? ''}
            onChange={(e) => setParams({ kind: e.target.value, offset: null })}
            aria-label="Show messages of kind"
            className="rounded-lg border border-teak-200 bg-white px-2 py-1.5"
          >
            <option value="">All messages</option>
            <option value="contact">Contact requests</option>
            <option value="feedback">Feedback</option>
          </select>
          <label className="inline-flex items-center gap-2 text-teak-900">
            <input
              type="checkbox"
              checked={params.get('unread') === 'true'}
              onChange={(e) => setParams({ unread: e.target.checked ? 'true' : null, offset: null })}
              className="h-4 w-4 accent-teak-600"
            />
            Unread only
          </label>
        </div>
      }
    >
      <p className="mb-2 text-sm text-teak-800" aria-live="polite">
        {page.unread} unread
      </p>
      {page.results.length === 0 ? <p className="text-sm text-teak-700">No messages.</p> : null}
      <ul className="divide-y divide-teak-100" aria-label="Messages">
        {page.results.map((m) => (
          <Message key={`${m.kind}-${m.id}`} message={m} />
        ))}
      </ul>
      <Pager count={page.count} label="Message pages" />
    </Panel>
  );
}

/** One message: opening it marks it read (through the page's action); the button marks it read or unread again. */
function Message({ message: m }: { message: AdminMessage }) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data?.ok === false ? fetcher.data : undefined);
  // While the change is on its way, show it as done.
  const pending = fetcher.formData?.get('read');
  const unread = pending === undefined || pending === null ? m.read_at === null : pending === 'false';
  const from = m.name || m.email;
  const mark = (read: boolean) => void fetcher.submit({ intent: 'read', kind: m.kind, id: m.id, read: String(read) }, { method: 'post' });
  return (
    <li className="py-3">
      <details
        onToggle={(e) => {
          if (e.currentTarget.open && unread) mark(true);
        }}
      >
        <summary className="flex cursor-pointer list-none items-start gap-3">
          <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-teak-600' : 'bg-teak-100'}`} />
          <span className="min-w-0 flex-1">
            <span className={`block truncate text-teak-900 ${unread ? 'font-bold' : 'font-medium'}`}>
              {from}
              <span className="ml-2 rounded-full bg-teak-100 px-2 py-0.5 text-xs font-semibold text-teak-800">
                {m.kind === 'contact' ? 'Contact' : 'Feedback'}
              </span>
              {unread ? <span className="sr-only"> (unread)</span> : null}
            </span>
            <span className="block truncate text-sm text-teak-700">{m.message}</span>
          </span>
          <span className="shrink-0 text-xs text-teak-700">{dateTime(m.created_at)}</span>
        </summary>
        <div className="mt-3 ml-5 rounded-lg bg-teak-50 p-3 text-sm">
          <p className="whitespace-pre-wrap text-teak-900">{m.message}</p>
          <p className="mt-3 flex flex-wrap gap-x-3 text-teak-800">
            <a className="underline" href={`mailto:${m.email}`}>
              {m.email}
            </a>
            {m.phone ? (
              <a className="underline" href={`tel:${m.phone}`}>
                {m.phone}
              </a>
            ) : null}
          </p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => mark(unread)}>
            {unread ? 'Mark as read' : 'Mark as unread'}
          </button>
        </div>
      </details>
    </li>
  );
}

function Outbox({ page }: { page: OutboxPage }) {
  return (
    <Panel title="Sent e-mails">
      <p className="mb-3 text-sm text-teak-700">
        Every e-mail the shop sent or kept, newest first. Links that act for their reader (password resets, sign-up confirmations) are shown as [link
        removed]: only the person they were sent to can use them.
      </p>
      {page.results.length === 0 ? <p className="text-sm text-teak-700">No e-mails yet.</p> : null}
      <ul className="divide-y divide-teak-100" aria-label="Sent e-mails">
        {page.results.map((m) => (
          <li key={m.id} className="py-3">
            <details>
              <summary className="flex cursor-pointer list-none items-start gap-3">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-teak-900">{m.subject}</span>
                  <span className="block truncate text-sm text-teak-700">To {m.to}</span>
                </span>
                <span className="shrink-0 text-right text-xs text-teak-700">
                  {dateTime(m.created_at)}
                  <span className={`mt-1 block font-semibold ${m.status === 'failed' ? 'text-red-800' : 'text-teak-800'}`}>{m.status}</span>
                </span>
              </summary>
              <pre className="mt-3 overflow-x-auto rounded-lg bg-teak-50 p-3 font-sans text-sm whitespace-pre-wrap text-teak-900">{m.text}</pre>
              {m.error ? <p className="mt-2 text-sm text-red-800">{m.error}</p> : null}
            </details>
          </li>
        ))}
      </ul>
      <Pager count={page.count} label="Sent e-mail pages" />
    </Panel>
  );
}
