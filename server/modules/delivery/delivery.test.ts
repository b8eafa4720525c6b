import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { chargeableKg, deliveryMessage, deliveryWindowText, pincodeSchema, rateTableSchema, volumetricKg } from '../../../contract/delivery';
import { addWorkingDays, deliveryWindow, isWorkingDay } from './dates';
import { distanceKm, parsePincodes } from './pincodes';
import { DEFAULT_RATE_TABLE, pricesFor, zoneFor } from './rates';

describe('delivery dates', () => {
  it('counts working days Monday to Saturday, skipping Sundays and the national holidays', () => {
    expect(isWorkingDay('2026-11-29')).toBe(false); // a Sunday
    expect(isWorkingDay('2026-11-28')).toBe(true); // a Saturday
    expect(isWorkingDay('2027-01-26')).toBe(false); // Republic Day
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-28');
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-29', 0)).toBe('2026-11-30');
  });

  it('a made-to-order piece leaves after its production weeks; a ready one after 1 to 6 working days', () => {
    // Wednesday 25 November 2026, noon in India.
    const now = new Date('2026-11-25T06:30:00Z');
    const ready = deliveryWindow([{ madeToOrder: false, productionWeeksMin: 6, productionWeeksMax: 10 }], { min: 3, max: 6 }, now);
    expect(ready).toEqual({ from: '2026-11-30', to: '2026-12-09', daysMin: 5, daysMax: 14 });
    const made = deliveryWindow([{ madeToOrder: true, productionWeeksMin: 6, productionWeeksMax: 10 }], { min: 3, max: 6 }, now);
    // 6 weeks: Wednesday 6 January, +3 working days; 10 weeks: Wednesday 3 February, +6 working days.
    expect(made).toEqual({ from: '2027-01-09', to: '2027-02-10', daysMin: 45, daysMax: 77 });
    // Sent together: the slowest piece sets the window.
    expect(
      deliveryWindow(
        [
          { madeToOrder: false, productionWeeksMin: 6, productionWeeksMax: 10 },
          { madeToOrder: true, productionWeeksMin: 6, productionWeeksMax: 10 },
        ],
        { min: 3, max: 6 },
        now,
      ),
    ).toEqual(made);
  });

  it('writes the window as the shop says it', () => {
    expect(deliveryWindowText('2027-01-12', '2027-01-19')).toBe('12 and 19 January');
    expect(deliveryWindowText('2027-01-28', '2027-02-04')).toBe('28 January and 4 February');
    expect(deliveryWindowText('2026-12-28', '2027-01-04')).toBe('28 December 2026 and 4 January 2027');
    expect(deliveryMessage('560001', 'Bengaluru', '2027-01-12', '2027-01-19')).toBe('Delivers to 560001 (Bengaluru) between 12 and 19 January.');
  });
});

describe('freight', () => {
  it('charges the larger of the weight and the volumetric weight', () => {
    expect(volumetricKg({ length: 200, width: 100, height: 30 })).toBe(120);
    expect(chargeableKg(90, { length: 200, width: 100, height: 30 })).toBe(120);
    expect(chargeableKg(150, { length: 200, width: 100, height: 30 })).toBe(150);
    expect(chargeableKg(null, null)).toBe(20);
  });

  it('the default table is valid, keeps the home zone flat and prices by band beyond it', () => {
    expect(rateTableSchema.safeParse(DEFAULT_RATE_TABLE).success).toBe(true);
    const home = zoneFor(DEFAULT_RATE_TABLE, 10);
    expect(home.zone.code).toBe('home');
    expect(pricesFor(home.zone, home.home, 500)).toEqual({ standard: 500_00, express: 1000_00 });
    const far = zoneFor(DEFAULT_RATE_TABLE, 5000);
    expect(far.zone.code).toBe('far');
    expect(pricesFor(far.zone, far.home, 10).standard).toBeLessThan(pricesFor(far.zone, far.home, 200).standard);
  });

  it('refuses a rate table out of order', () => {
    const zones = structuredClone(DEFAULT_RATE_TABLE.zones);
    zones[2]!.max_km = 100;
    const parsed = rateTableSchema.safeParse({ zones });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toMatch(/near to far/);
  });
});

describe('pincodes', () => {
  const sample = [
    'IN\t600001\tSowcarpet\tTamil Nadu\t25\tChennai\t603\tFort\t\t13.09\t80.28\t4',
    'IN\t600001\tMannady\tTamil Nadu\t25\tChennai\t603\tFort\t\t13.10\t80.29\t4',
    'IN\t560001\tBangalore G.P.O.\tKarnataka\t19\tBengaluru\t583\tNorth\t\t12.97\t77.59\t3',
    'IN\t560002\tSomewhere\tKarnataka\t19\tBengaluru\t583\tNorth\t\t\t\t',
  ].join('\n');

  it('keeps one entry per pincode, averages its post offices and places an unlocated one at its state’s middle', () => {
    const d = parsePincodes(sample);
    expect(d.size).toBe(3);
    expect(d.get('600001')).toEqual({
      pincode: '600001',
      city: 'Chennai',
      district: 'Chennai',
      state: 'Tamil Nadu',
      latitude: 13.095,
      longitude: 80.285,
    });
    expect(d.get('560002')).toMatchObject({ latitude: 12.97, longitude: 77.59 });
    expect(d.get('999999')).toBeNull();
    expect(d.places()).toEqual([
      { state: 'Karnataka', districts: ['Bengaluru'] },
      { state: 'Tamil Nadu', districts: ['Chennai'] },
    ]);
    expect(Math.round(distanceKm(d.get('600001') as never, d.get('560001') as never))).toBeGreaterThan(250);
  });

  it('keeps its names apart from the text it was read from, which can then be let go', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    // Some 26 MB of lines for 1,000 pincodes (many post offices each), with names long enough for V8 to cut
    // them as slices of the text.
    const lines = Array.from(
      { length: 200_000 },
      (_, i) =>
        `IN\t${100000 + (i % 1000)}\tPost Office Number ${i}\tState of Somewhere Far ${i % 30}\t25\tDistrict of Somewhere Far ${i % 700}\t603\tTaluk\t\t13.09\t80.28\t4`,
    );
    gc();
    const before = process.memoryUsage().heapUsed;
    let text: string | null = lines.join('\n');
    const directory = parsePincodes(text);
    text = null;
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    expect(directory.size).toBe(1000);
    // The entries alone: far less than the text.
    expect(kept).toBeLessThan(4 * 1024 * 1024);
  });

  it('takes 6 digits, forgiving spaces', () => {
    expect(pincodeSchema.parse('560 001')).toBe('560001');
    expect(pincodeSchema.safeParse('56001').success).toBe(false);
    expect(pincodeSchema.safeParse('060001').success).toBe(false);
  });
});
