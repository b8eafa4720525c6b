import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Overview as OverviewData } from '../../../contract/admin';
import { Overview, type BackupFact } from './overview';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const overview = {
  attention: { orders_waiting: 0, unread_messages: 0, out_of_stock: 0, failed_mail: 0 },
  days: [],
} as unknown as OverviewData;

function render(backup: BackupFact) {
  const Stub = createRoutesStub([{ path: '/dashboard', Component: () => <Overview overview={overview} backup={backup} /> }]);
  return text(renderToStaticMarkup(<Stub initialEntries={['/dashboard']} />));
}

describe('the owner’s overview tells when the last good backup was made', () => {
  it('names the last good archive in India time', () => {
    const html = render({ last: { at: '2026-11-28T21:00:00Z', archive: 'teakwood-20261128-210000.tar' }, stale: false });
    expect(html).toContain('Last good backup: 29 November 2026, 2:30 am (India time), teakwood-20261128-210000.tar.');
    expect(html).not.toContain('npm run backup');
  });

  it('asks for attention when there is none, or the last is more than a night old', () => {
    expect(render({ last: null, stale: true })).toContain(
      'No backup has been made yet: the shop makes one every night, or run npm run backup on the server.',
    );
    expect(render({ last: { at: '2026-11-25T21:00:00Z', archive: 'teakwood-20261125-210000.tar' }, stale: true })).toContain(
      'teakwood-20261125-210000.tar. None since: check the e-mail the shop sent about the failure, or run npm run backup on the server.',
    );
  });
});
