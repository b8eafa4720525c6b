import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../../contract/cart';
import { CartLines, mixedDispatchText } from './cart-lines';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function line(id: number, kind: 'made_to_order' | 'ready_stock', finish = '', weeks: [number, number] = [6, 10]): CartItem {
  return {
    id,
    quantity: 1,
    finish,
    image: null,
    total: 10_000,
    product: {
      id,
      slug: `piece-${id}`,
      name: `Piece ${id}`,
      price: 10_000,
      in_stock: true,
      stock_kind: kind,
      finishes: ['Natural Teak', 'Walnut'],
      production_weeks_min: weeks[0],
      production_weeks_max: weeks[1],
    } as CartItem['product'],
  };
}

function render(items: CartItem[]): string {
  const Stub = createRoutesStub([{ path: '/cart', Component: () => <CartLines items={items} /> }]);
  return text(renderToStaticMarkup(<Stub initialEntries={['/cart']} />));
}

describe('the cart says when each piece leaves the workshop', () => {
  it('each line names its lead time, from the product’s own weeks, and a ready piece in another finish is made to order', () => {
    const shown = render([line(1, 'made_to_order', 'Walnut', [8, 12]), line(2, 'ready_stock', 'Natural Teak'), line(3, 'ready_stock', 'Walnut')]);
    expect(shown).toContain('Piece 1 Finish: Walnut ₹10,000 each Made to order · ships in 8–12 weeks');
    expect(shown).toContain('Piece 2 Finish: Natural Teak ₹10,000 each Ready to ship · dispatched in 1–6 days');
    expect(shown).toContain('Piece 3 Finish: Walnut ₹10,000 each Made to order · ships in 6–10 weeks');
  });

  it('a cart of ready and made pieces says the ready one travels with the made one; a cart of one kind says nothing of it', () => {
    expect(mixedDispatchText([line(1, 'made_to_order'), line(2, 'ready_stock', 'Natural Teak')])).toBe(
      'Your ready piece is sent with the made-to-order one, in one delivery, once it is made.',
    );
    expect(render([line(1, 'made_to_order'), line(2, 'ready_stock', 'Natural Teak')])).toContain(
      'Your ready piece is sent with the made-to-order one',
    );
    expect(mixedDispatchText([line(1, 'ready_stock', 'Natural Teak'), line(2, 'ready_stock', 'Natural Teak')])).toBeNull();
    expect(mixedDispatchText([line(1, 'made_to_order'), line(2, 'made_to_order')])).toBeNull();
  });
});
