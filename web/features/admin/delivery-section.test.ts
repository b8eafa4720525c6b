import { describe, expect, it } from 'vitest';
import { rateTableSchema, type RateTable } from '../../../contract/delivery';
import { typedSum } from '../../../contract/format';
import { rateTableFormSchema } from './delivery-section';

const TABLE: RateTable = {
  zones: [
    {
      code: 'home',
      name: 'Chennai and around',
      max_km: 50,
      transit_days_min: 1,
      transit_days_max: 3,
      express_days_min: 1,
      express_days_max: 2,
      rates: [],
    },
    {
      code: 'far',
      name: 'Rest of India',
      max_km: null,
      transit_days_min: 5,
      transit_days_max: 9,
      express_days_min: 3,
      express_days_max: 5,
      rates: [
        { up_to_kg: 40, standard: 1500, express: 2500 },
        { up_to_kg: null, standard: 12500, express: 22000 },
      ],
    },
  ],
};

/** The rate table as the owner's form posts it: every field a text, the prices grouped as Indians write them. */
const asPosted = (table: RateTable, price: (n: number) => string) => ({
  zones: table.zones.map((z) => ({
    code: z.code,
    name: z.name,
    max_km: z.max_km === null ? '' : String(z.max_km),
    transit_days_min: String(z.transit_days_min),
    transit_days_max: String(z.transit_days_max),
    express_days_min: String(z.express_days_min),
    express_days_max: String(z.express_days_max),
    rates: z.rates.map((r) => ({ up_to_kg: r.up_to_kg === null ? '' : String(r.up_to_kg), standard: price(r.standard), express: price(r.express) })),
  })),
});

describe("the delivery rate table's prices", () => {
  it('the form reads "1,500" and "₹2,000" into the numbers the API keeps', () => {
    const table = structuredClone(TABLE);
    expect(rateTableFormSchema.parse(asPosted(table, typedSum))).toEqual(table);
    expect(rateTableFormSchema.parse(asPosted(table, (n) => `₹${typedSum(n)}`))).toEqual(table);
  });

  it('a misgrouped price is refused with the sentence that names it; the API takes numbers only', () => {
    const table = structuredClone(TABLE);
    const bad = rateTableFormSchema.safeParse(asPosted(table, () => '1,5,00'));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('The standard price is a number of rupees, 0 or more, such as 1,500.');
    expect(rateTableSchema.safeParse(asPosted(table, typedSum)).success).toBe(false);
    expect(rateTableSchema.parse(table)).toEqual(table);
  });
});
