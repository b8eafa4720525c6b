import { expressOffered } from '../../../contract/delivery-text';
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
    {
      code: 'standard',
      name: 'Standard Delivery',
      price: 900,
      days_min: 48,
      days_max: 55,
      date_from: '2027-01-12',
      date_to: '2027-01-19',
      offered: true,
    },
    {
      code: 'express',
      name: 'Express Delivery',
      price: 1600,
      days_min: 46,
      days_max: 52,
      date_from: '2027-01-10',
      date_to: '2027-01-16',
      offered: false,
    },
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

  it('offers Express beside Standard, both windows side by side, only where it brings the piece materially sooner', () => {
    // Made over weeks: Express would save 3 days of 55, so Standard alone, and why.
    const made = text(renderToStaticMarkup(<EstimateAnswer estimate={bengaluru} />));
    expect(made).toContain('Standard Delivery ₹900 Delivers to 560001 (Bengaluru) between 12 and 19 January.');
    expect(made).not.toContain('Express Delivery ₹1,600');
    expect(made).toContain('Express would bring it only 3 days sooner: it shortens the journey from our workshop, not the making or the dispatch');
    // Ready to ship: 5 days of 19 is material; both windows, with their prices, and what Express shortens.
    const ready: DeliveryEstimate = {
      ...bengaluru,
      methods: [
        { ...bengaluru.methods[0]!, days_min: 12, days_max: 19, date_from: '2026-12-09', date_to: '2026-12-16' },
        { ...bengaluru.methods[1]!, days_min: 9, days_max: 14, date_from: '2026-12-06', date_to: '2026-12-11', offered: true },
      ],
    };
    expect(expressOffered(ready.methods)).toBe(true);
    const shown = text(renderToStaticMarkup(<EstimateAnswer estimate={ready} />));
    expect(shown).toContain('Standard Delivery ₹900 Delivers to 560001 (Bengaluru) between 9 and 16 December.');
    expect(shown).toContain('Express Delivery ₹1,600 Delivers to 560001 (Bengaluru) between 6 and 11 December.');
    expect(shown).toContain('Express shortens only the journey from our workshop; the making and dispatch take the same time.');
    // Without a pincode the windows are not known: the spec's flat choice stands.
    expect(expressOffered(null)).toBe(true);
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
