import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CartSummary } from './cart-summary';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the cart summary', () => {
  it('a buyer with a ₹12,999.50 piece sees the exact total the payment asks, never a rounded one', () => {
    const shown = text(renderToStaticMarkup(<CartSummary subtotal={12999.5} itemCount={1} shipping="standard" onShipping={() => {}} />));
    expect(shown).toContain('Subtotal (1 item) ₹12,999.50');
    expect(shown).toContain('Total ₹13,499.50');
    expect(shown).not.toMatch(/13,500|Rs/);
  });

  it('adds paise exactly, with two decimals on totals and Indian grouping', () => {
    const shown = text(renderToStaticMarkup(<CartSummary subtotal={149999.95} itemCount={3} shipping="express" onShipping={() => {}} />));
    expect(shown).toContain('Subtotal (3 items) ₹1,49,999.95');
    expect(shown).toContain('Delivery ₹1,000');
    expect(shown).toContain('Total ₹1,50,999.95');
  });

  it('offers the shipping choices in the shop’s one money style', () => {
    const shown = text(renderToStaticMarkup(<CartSummary subtotal={500} itemCount={1} shipping="standard" onShipping={() => {}} />));
    expect(shown).toContain('Standard Delivery ₹500');
    expect(shown).toContain('Express Delivery ₹1,000');
  });
});

describe('the cart summary with a known pincode', () => {
  it('charges what the server priced to the pincode and says the window under it', () => {
    const shown = text(
      renderToStaticMarkup(
        <CartSummary
          subtotal={40000}
          itemCount={1}
          shipping="express"
          onShipping={() => {}}
          prices={{ standard: 1800, express: 2600 }}
          deliveryNote={<p>Delivers to 110001 (New Delhi) between 12 and 19 January.</p>}
        />,
      ),
    );
    expect(shown).toContain('Standard Delivery ₹1,800');
    expect(shown).toContain('Express Delivery ₹2,600');
    expect(shown).toContain('Delivery ₹2,600');
    expect(shown).toContain('Total ₹42,600.00');
    expect(shown).toContain('Delivers to 110001 (New Delhi) between 12 and 19 January.');
  });

  it('adds no charge and shows none when the pincode is not served, and says why', () => {
    const shown = text(
      renderToStaticMarkup(
        <CartSummary
          subtotal={40000}
          itemCount={1}
          shipping="standard"
          onShipping={() => {}}
          deliveryUnavailable
          deliveryNote={<p>We do not deliver to 682001 yet.</p>}
        />,
      ),
    );
    expect(shown).toContain('Delivery Not available');
    // The total says it holds no delivery.
    expect(shown).toContain('Total without delivery ₹40,000.00');
    expect(shown).not.toMatch(/₹500|₹1,000/);
    expect(shown).toContain('We do not deliver to 682001 yet.');
  });
});
