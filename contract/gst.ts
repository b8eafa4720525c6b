/**
 * GST facts shared by the server (invoices) and the pages (the business buyer's GSTIN at the address step):
 * the state codes that open every GSTIN and name the place of supply, and the GSTIN's own check.
 */

/** GST state codes (the first two digits of a GSTIN), by the state names the address form uses. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** The state code of a state name as buyers type or pick it (case and spaces do not matter), or null. */
export function gstStateCode(state: string): string | null {
  const key = state.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const [name, code] of Object.entries(GST_STATE_CODES)) if (name.toLowerCase() === key) return code;
  return null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN (GSTN's mod-36 scheme). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_FORMAT_MESSAGE = 'Enter a valid GSTIN: 15 characters, such as 33AAACT1234C1Z4.';
export const GSTIN_STATE_MESSAGE = 'This GSTIN does not start with a state code: its first two digits name the state, such as 33 for Tamil Nadu.';
export const GSTIN_CHECK_MESSAGE = 'This GSTIN is not valid: its last character does not match. Please check it.';

/** What is wrong with a GSTIN (its shape, a state code, its check character), or null when it is valid. */
export function gstinProblem(gstin: string): string | null {
  const value = gstin.trim().toUpperCase();
  if (!GSTIN_SHAPE.test(value)) return GSTIN_FORMAT_MESSAGE;
  if (!Object.values(GST_STATE_CODES).includes(value.slice(0, 2)) && value.slice(0, 2) !== '97') return GSTIN_STATE_MESSAGE;
  if (gstinCheckChar(value.slice(0, 14)) !== value[14]) return GSTIN_CHECK_MESSAGE;
  return null;
}

/** What the admin's "Tax and invoices" page shows: the seller from configuration and this year's series. */
export interface TaxDetails {
  seller: { legalName: string; gstin: string; address: string; state: string; stateCode: string | null; invoicePrefix: string };
  /** The financial year (April to March) of today, as in the numbers: 26-27. */
  financialYear: string;
  /** The last number issued in this year's series, or null before the first. */
  lastInvoice: { number: string; issuedAt: string } | null;
  lastCreditNote: { number: string; issuedAt: string } | null;
  invoicesIssued: number;
  creditNotesIssued: number;
  /** This month in India (YYYY-MM), the export's default. */
  month: string;
  /** The shop files GSTR-1 per quarter (GSTR1_QUARTERLY): the page offers quarters. */
  gstr1Quarterly: boolean;
  /** An order above this value is shipped only with its e-way bill number (EWAY_BILL_THRESHOLD_RUPEES). */
  ewayBillThresholdPaise: number;
}
