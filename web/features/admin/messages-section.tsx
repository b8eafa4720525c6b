import { useState } from 'react';
import { api } from '../../lib/api';
import type { ContactMessage, FeedbackMessage, OutboxMessage } from './admin-types';
import { Panel, dateTime, failureLine, failureOf, secondaryButton, useRemote } from './ui';

const TABS = [
  { id: 'contact', label: 'Contact' },
  { id: 'feedback', label: 'Feedback' },
  { id: 'outbox', label: 'Sent e-mails' },
] as const;
type Tab = (typeof TABS)[number]['id'];

export function MessagesSection() {
  const [tab, setTab] = useState<Tab>('contact');
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
        {tab === 'outbox' ? <Outbox /> : <Inbox kind={tab} />}
      </div>
    </div>
  );
}

type Message = ContactMessage | FeedbackMessage;

function isContact(m: Message): m is ContactMessage {
  return 'description' in m;
}

function Inbox({ kind }: { kind: 'contact' | 'feedback' }) {
  const list = useRemote<Message[]>(`/api/admin/messages/${kind}/`, 'Error loading messages.');
  const [failure, setFailure] = useState('');

  async function markRead(m: Message, read: boolean) {
    setFailure('');
    try {
      await api(`/api/admin/messages/${kind}/${m.id}/`, { method: 'PATCH', json: { read } });
      await list.reload();
    } catch (err) {
      setFailure(failureLine(failureOf(err)));
    }
  }

  return (
    <Panel title={kind === 'contact' ? 'Contact messages' : 'Feedback'}>
      {failure ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {list.error ? <p className="text-sm text-red-800">{list.error}</p> : null}
      {list.loading && !list.data ? <p className="text-sm text-teak-700">Loading messages…</p> : null}
      {list.data && list.data.length === 0 ? <p className="text-sm text-teak-700">No messages yet.</p> : null}
      <ul className="divide-y divide-teak-100">
        {list.data?.map((m) => {
          const from = isContact(m) ? `${m.first_name} ${m.last_name}` : m.user_email;
          const body = isContact(m) ? m.description : m.user_message;
          const unread = m.read_at === null;
          return (
            <li key={m.id} className="py-3">
              <details
                onToggle={(e) => {
                  if ((e.currentTarget as HTMLDetailsElement).open && unread) void markRead(m, true);
                }}
              >
                <summary className="flex cursor-pointer list-none items-start gap-3">
                  <span aria-hidden className={`mt-2 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-teak-600' : 'bg-transparent'}`} />
                  <span className="min-w-0 flex-1">
                    <span className={`block truncate text-teak-900 ${unread ? 'font-bold' : 'font-medium'}`}>
                      {from}
                      {unread ? <span className="sr-only"> (unread)</span> : null}
                    </span>
                    <span className="block truncate text-sm text-teak-700">{body}</span>
                  </span>
                  <span className="shrink-0 text-xs text-teak-700">{dateTime(m.created_at)}</span>
                </summary>
                <div className="mt-3 ml-5 rounded-lg bg-teak-50 p-3 text-sm">
                  <p className="whitespace-pre-wrap text-teak-900">{body}</p>
                  <p className="mt-3 text-teak-800">
                    {isContact(m) ? (
                      <>
                        <a className="underline" href={`mailto:${m.email}`}>
                          {m.email}
                        </a>{' '}
                        ·{' '}
                        <a className="underline" href={`tel:${m.phone}`}>
                          {m.phone}
                        </a>
                      </>
                    ) : (
                      <a className="underline" href={`mailto:${m.user_email}`}>
                        {m.user_email}
                      </a>
                    )}
                  </p>
                  <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void markRead(m, unread)}>
                    {unread ? 'Mark as read' : 'Mark as unread'}
                  </button>
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function Outbox() {
  const list = useRemote<OutboxMessage[]>('/api/admin/outbox/', 'Error loading sent e-mails.');
  return (
    <Panel title="Sent e-mails">
      <p className="mb-3 text-sm text-teak-700">Every e-mail the shop has sent or queued, newest first.</p>
      {list.error ? <p className="text-sm text-red-800">{list.error}</p> : null}
      {list.loading && !list.data ? <p className="text-sm text-teak-700">Loading…</p> : null}
      {list.data && list.data.length === 0 ? <p className="text-sm text-teak-700">No e-mails yet.</p> : null}
      <ul className="divide-y divide-teak-100">
        {list.data?.map((m) => (
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
    </Panel>
  );
}
