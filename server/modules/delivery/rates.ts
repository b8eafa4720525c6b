import { FLAT_PRICES, type DeliveryZone, type RateTable } from '../../../contract/delivery';
import type { ShippingMethod } from '../../../contract/cart';

/**
 * The table a new shop starts with (decision 0030, delivery): distance bands (km, straight line) from the
 * Chennai workshop, and prices by chargeable weight. The home zone (Chennai and around) keeps the spec's
 * flat ₹500 / ₹1,000. The owner replaces it from the admin.
 */
export const DEFAULT_RATE_TABLE: RateTable = {
  zones: [
    {
      code: 'home',
      name: 'Chennai and around (up to 60 km)',
      max_km: 60,
      transit_days_min: 1,
      transit_days_max: 3,
      express_days_min: 1,
      express_days_max: 2,
      rates: [],
    },
    {
      code: 'south',
      name: 'South India (up to 600 km)',
      max_km: 600,
      transit_days_min: 3,
      transit_days_max: 6,
      express_days_min: 2,
      express_days_max: 3,
      rates: [
        { up_to_kg: 30, standard: 900, express: 1600 },
        { up_to_kg: 80, standard: 1500, express: 2600 },
        { up_to_kg: 150, standard: 2500, express: 4000 },
        { up_to_kg: null, standard: 4000, express: 6500 },
      ],
    },
    {
      code: 'central',
      name: 'Up to 1,200 km (Hyderabad, Mumbai, Goa)',
      max_km: 1200,
      transit_days_min: 4,
      transit_days_max: 8,
      express_days_min: 3,
      express_days_max: 5,
      rates: [
        { up_to_kg: 30, standard: 1400, express: 2400 },
        { up_to_kg: 80, standard: 2400, express: 3900 },
        { up_to_kg: 150, standard: 3900, express: 6200 },
        { up_to_kg: null, standard: 6000, express: 9500 },
      ],
    },
    {
      code: 'north',
      name: 'Up to 2,000 km (Delhi, Kolkata, Ahmedabad)',
      max_km: 2000,
      transit_days_min: 6,
      transit_days_max: 10,
      express_days_min: 4,
      express_days_max: 6,
      rates: [
        { up_to_kg: 30, standard: 1900, express: 3200 },
        { up_to_kg: 80, standard: 3200, express: 5200 },
        { up_to_kg: 150, standard: 5200, express: 8200 },
        { up_to_kg: null, standard: 8000, express: 12500 },
      ],
    },
    {
      code: 'far',
      name: 'Farther (the North-East, Kashmir, Ladakh)',
      max_km: null,
      transit_days_min: 8,
      transit_days_max: 12,
      express_days_min: 5,
      express_days_max: 8,
      rates: [
        { up_to_kg: 30, standard: 2600, express: 4300 },
        { up_to_kg: 80, standard: 4300, express: 6900 },
        { up_to_kg: 150, standard: 6900, express: 10900 },
        { up_to_kg: null, standard: 10500, express: 16500 },
      ],
    },
  ],
};

/** The zone of a distance: the first whose band reaches it (the last is open-ended). */
export function zoneFor(table: RateTable, km: number): { zone: DeliveryZone; home: boolean } {
  const index = table.zones.findIndex((z) => z.max_km === null || km <= z.max_km);
  const i = index === -1 ? table.zones.length - 1 : index;
  return { zone: table.zones[i]!, home: i === 0 };
}

/** Paise per method for a chargeable weight in a zone (the home zone: the flat prices). */
export function pricesFor(zone: DeliveryZone, home: boolean, kg: number): Record<ShippingMethod, number> {
  if (home || zone.rates.length === 0) return { standard: FLAT_PRICES.standard * 100, express: FLAT_PRICES.express * 100 };
  const band = zone.rates.find((r) => r.up_to_kg === null || kg <= r.up_to_kg) ?? zone.rates[zone.rates.length - 1]!;
  return { standard: Math.round(band.standard * 100), express: Math.round(band.express * 100) };
}
