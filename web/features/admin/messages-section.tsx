import { useState } from 'react';
import type { AdminMessage, AdminMessagesPage, OutboxPage } from '../../../contract/admin';
import { api } from '../../lib/api';
import { Panel, dateTime, failureLine, failureOf, secondaryButton, useRemote } from './ui';

const PAGE = 50;

const TABS = [
  { id: 'inbox', label: 'Inbox' },
  { id: 'outbox', label: 'Sent e-mails' },
] as const;
type Tab = (typeof TABS)[number]['id'];

export function MessagesSection() {
  const [tab, setTab] = useState<Tab>('inbox');
  return (
    <div>
      <div role="tablist" aria-label="Messages" className="mb-5 flex gap-1 overflow-x-auto border-b border-teak-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`msg-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`msg-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${tab === t.id ? 'border-teak-600 text-teak-900' : 'border-transparent text-teak-700 hover:text-teak-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`msg-panel-${tab}`} aria-labelledby={`msg-tab-${tab}`}>
        {tab === 'outbox' ? <Outbox /> : <Inbox />}
      </div>
    </div>
  );
}

function Pager({ offset, count, onMove, label }: { offset: number; count: number; onMove: (offset: number) => void; label: string }) {
  if (count <= PAGE) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" className={secondaryButton} disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - PAGE))}>
        Newer
      </button>
      <span className="text-teak-800">
        {offset + 1}–{Math.min(count, offset + PAGE)} of {count}
      </span>
      <button type="button" className={secondaryButton} disabled={offset + PAGE >= count} onClick={() => onMove(offset + PAGE)}>
        Older
      </button>
    </nav>
  );
}

function Inbox() {
  const [kind, setKind] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [offset, setOffset] = useState(0);
  const page = useRemote<AdminMessagesPage>('/api/admin/messages/', 'Error loading messages.', {
    kind: kind || undefined,
    unread: unreadOnly ? 'true' : undefined,
    limit: PAGE,
    offset,
  });
  const [failure, setFailure] = useState('');

  async function mark(m: AdminMessage, read: boolean) {
    setFailure('');
    try {
      await api(`/api/admin/messages/${m.kind}/${m.id}/read/`, { method: 'POST', json: { read } });
      await page.reload();
    } catch (err) {
      setFailure(failureLine(failureOf(err)));
    }
  }

  return (
    <Panel
      title="Contact and feedback"
      actions={
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setOffset(0);
            }}
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
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(e.target.checked);
                setOffset(0);
              }}
              className="h-4 w-4 accent-teak-600"
            />
            Unread only
          </label>
        </div>
      }
    >
      {page.data ? (
        <p className="mb-2 text-sm text-teak-800" aria-live="polite">
          {page.data.unread} unread
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {page.error ? <p className="text-sm text-red-800">{page.error}</p> : null}
      {page.loading && !page.data ? <p className="text-sm text-teak-700">Loading messages…</p> : null}
      {page.data && page.data.results.length === 0 ? <p className="text-sm text-teak-700">No messages.</p> : null}
      <ul className="divide-y divide-teak-100" aria-label="Messages">
        {page.data?.results.map((m) => {
          const unread = m.read_at === null;
          const from = m.name || m.email;
          return (
            <li key={`${m.kind}-${m.id}`} className="py-3">
              <details
                onToggle={(e) => {
                  if (e.currentTarget.open && unread) void mark(m, true);
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
                  <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void mark(m, unread)}>
                    {unread ? 'Mark as read' : 'Mark as unread'}
                  </button>
                </div>
              </details>
            </li>
          );
        })}
      </ul>
      <Pager offset={offset} count={page.data?.count ?? 0} onMove={setOffset} label="Message pages" />
    </Panel>
  );
}

function Outbox() {
  const [offset, setOffset] = useState(0);
  const page = useRemote<OutboxPage>('/api/admin/outbox/', 'Error loading sent e-mails.', { limit: PAGE, offset });
  return (
    <Panel title="Sent e-mails">
      <p className="mb-3 text-sm text-teak-700">
        Every e-mail the shop sent or kept, newest first. Links that act for their reader (password resets, sign-up confirmations) are shown as [link
        removed]: only the person they were sent to can use them.
      </p>
      {page.error ? <p className="text-sm text-red-800">{page.error}</p> : null}
      {page.loading && !page.data ? <p className="text-sm text-teak-700">Loading…</p> : null}
      {page.data && page.data.results.length === 0 ? <p className="text-sm text-teak-700">No e-mails yet.</p> : null}
      <ul className="divide-y divide-teak-100" aria-label="Sent e-mails">
        {page.data?.results.map((m) => (
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
      <Pager offset={offset} count={page.data?.count ?? 0} onMove={setOffset} label="Sent e-mail pages" />
    </Panel>
  );
}
