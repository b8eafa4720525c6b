import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../contract/orders';
import { OrdersSection } from './orders-section';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The fields the list shows; the rest of an order does not reach it. */
const order = (fields: Partial<AdminOrder>) =>
  ({
    id: 1,
    number: 'TW-261125-ABCDEF',
    created_at: '2026-11-25T10:00:00Z',
    email: 'asha@example.in',
    total_amount: '180499.00',
    status: 'paid',
    expected_delivery: null,
    delivery_window: null,
    late: false,
    ...fields,
  }) as AdminOrder;

function render(orders: AdminOrder[]) {
  const counts = { paid: orders.length, pending: 0, expired: 0, all: orders.length };
  const Stub = createRoutesStub([{ path: '/dashboard/orders', Component: () => <OrdersSection orders={orders} counts={counts} view="paid" /> }]);
  return text(renderToStaticMarkup(<Stub initialEntries={['/dashboard/orders']} />));
}

describe('the owner’s orders list', () => {
  it('shows each order’s promised window, and marks a late one', () => {
    const shown = render([
      order({ id: 1, number: 'TW-261125-ONTIME', delivery_window: { from: '2027-01-08', to: '2027-02-08' } }),
      order({ id: 2, number: 'TW-261001-LATE22', delivery_window: { from: '2026-11-02', to: '2026-11-20' }, late: true }),
      order({ id: 3, number: 'TW-261125-NOWIN3' }),
    ]);
    expect(shown).toContain('8 Jan – 8 Feb 2027');
    expect(shown).toContain('2 Nov – 20 Nov 2026 Late');
    expect(shown.match(/Late/g)).toHaveLength(1);
  });

  it('shows the owner’s revised window rather than the promised one', () => {
    const shown = render([
      order({ delivery_window: { from: '2027-01-08', to: '2027-02-08' }, expected_delivery: { from: '2027-02-15', to: '2027-02-20' } }),
    ]);
    expect(shown).toContain('15 Feb – 20 Feb 2027');
    expect(shown).not.toContain('8 Jan');
  });
});
