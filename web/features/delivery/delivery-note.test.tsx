import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DeliveryEstimate } from '../../../contract/delivery';
import { deliverySentence, pricesOf, refusalSentence } from './delivery-note';
import { EstimateAnswer } from './pincode-check';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const bengaluru: DeliveryEstimate = {
  pincode: '560001',
  serviceable: true,
  city: 'Bengaluru',
  state: 'Karnataka',
  district: 'Bengaluru',
  zone: 'south',
  methods: [
    { code: 'standard', name: 'Standard Delivery', price: 900, days_min: 48, days_max: 55, date_from: '2027-01-12', date_to: '2027-01-19' },
    { code: 'express', name: 'Express Delivery', price: 1600, days_min: 46, days_max: 52, date_from: '2027-01-10', date_to: '2027-01-16' },
  ],
  message: 'Delivers to 560001 (Bengaluru) between 12 and 19 January.',
};

const excluded: DeliveryEstimate = {
  pincode: '744101',
  serviceable: false,
  city: 'South Andaman',
  state: 'Andaman & Nicobar Islands',
  district: 'South Andaman',
  zone: null,
  methods: [],
  message: 'Sorry, we do not deliver to pincode 744101 (South Andaman) yet.',
};

describe('what the pages say about a delivery', () => {
  it('says each method’s own window, as the issue words it', () => {
    expect(deliverySentence(bengaluru, 'standard')).toBe('Delivers to 560001 (Bengaluru) between 12 and 19 January.');
    expect(deliverySentence(bengaluru, 'express')).toBe('Delivers to 560001 (Bengaluru) between 10 and 16 January.');
    expect(pricesOf(bengaluru)).toEqual({ standard: 900, express: 1600 });
  });

  it('says why an unserved pincode is refused, and charges nothing of its own', () => {
    expect(deliverySentence(excluded, 'standard')).toBe(excluded.message);
    expect(pricesOf(excluded)).toBeUndefined();
    expect(deliverySentence(null, 'standard')).toBeNull();
  });

  it('lists the methods with their price and window on the product page', () => {
    const shown = text(renderToStaticMarkup(<EstimateAnswer estimate={bengaluru} />));
    expect(shown).toContain('Standard Delivery ₹900 Delivers to 560001 (Bengaluru) between 12 and 19 January.');
    expect(shown).toContain('Express Delivery ₹1,600 Delivers to 560001 (Bengaluru) between 10 and 16 January.');
  });

  it('says the product page cannot deliver to the pincode typed, without speaking of another address', () => {
    const shown = text(
      renderToStaticMarkup(
        <MemoryRouter>
          <EstimateAnswer estimate={excluded} />
        </MemoryRouter>,
      ),
    );
    expect(shown).toContain('We do not deliver to 744101 yet.');
    expect(shown).not.toContain('another delivery address');
    expect(refusalSentence(excluded)).toBe('We do not deliver to 744101 yet.');
    // A pincode India Post does not list keeps its own sentence.
    const unknown = { ...excluded, city: null, state: null, district: null, message: 'We could not find pincode 999999. Please check it.' };
    expect(refusalSentence(unknown)).toBe(unknown.message);
    expect(refusalSentence(bengaluru)).toBeNull();
  });
});
