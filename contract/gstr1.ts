import { z } from 'zod';

/**
 * GSTR-1 as the GST portal's offline tool imports it (decision 0049): the return's JSON, section by section, with
 * amounts in rupees to two decimals. The names are the portal's: `txpd` is the "atadj" sheet (advances adjusted),
 * `doc_issue` the "docs" sheet (documents issued).
 */

const rupees = z.number().multipleOf(0.01);
const stateCode = z.string().regex(/^\d{2}$/);
const date = z.string().regex(/^\d{2}-\d{2}-\d{4}$/, 'dd-mm-yyyy');
const gstin = z.string().regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
const rate = z.number().nonnegative();

const item = z.object({
  num: z.number().int().positive(),
  itm_det: z.strictObject({ rt: rate, txval: rupees, iamt: rupees, camt: rupees.optional(), samt: rupees.optional(), csamt: rupees }),
});

export const gstr1Schema = z.strictObject({
  gstin,
  /** The return period: MMYYYY, the quarter's last month for a quarterly filer. */
  fp: z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/),
  version: z.string(),
  hash: z.string(),
  b2b: z.array(
    z.strictObject({
      ctin: gstin,
      inv: z.array(
        z.strictObject({
          inum: z.string().max(16),
          idt: date,
          val: rupees,
          pos: stateCode,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.literal('R'),
          itms: z.array(item),
        }),
      ),
    }),
  ),
  b2cl: z.array(
    z.strictObject({ pos: stateCode, inv: z.array(z.strictObject({ inum: z.string().max(16), idt: date, val: rupees, itms: z.array(item) })) }),
  ),
  b2cs: z.array(
    z.strictObject({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos: stateCode,
      typ: z.literal('OE'),
      rt: rate,
      txval: rupees,
      iamt: rupees,
      camt: rupees,
      samt: rupees,
      csamt: rupees,
    }),
  ),
  cdnr: z.array(
    z.strictObject({
      ctin: gstin,
      nt: z.array(
        z.strictObject({
          ntty: z.enum(['C', 'D']),
          nt_num: z.string().max(16),
          nt_dt: date,
          val: rupees,
          pos: stateCode,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.literal('R'),
          itms: z.array(item),
        }),
      ),
    }),
  ),
  cdnur: z.array(
    z.strictObject({
      typ: z.literal('B2CL'),
      ntty: z.enum(['C', 'D']),
      nt_num: z.string().max(16),
      nt_dt: date,
      val: rupees,
      pos: stateCode,
      itms: z.array(item),
    }),
  ),
  at: z.array(advanceRow()),
  txpd: z.array(advanceRow()),
  hsn: z.strictObject({ hsn_b2b: z.array(hsnRow()), hsn_b2c: z.array(hsnRow()) }),
  doc_issue: z.strictObject({
    doc_det: z.array(
      z.strictObject({
        doc_num: z.number().int().positive(),
        doc_typ: z.string(),
        docs: z.array(
          z.strictObject({
            num: z.number().int().positive(),
            from: z.string(),
            to: z.string(),
            totnum: z.number().int().nonnegative(),
            cancel: z.number().int().nonnegative(),
            net_issue: z.number().int().nonnegative(),
          }),
        ),
      }),
    ),
  }),
});

function advanceRow() {
  return z.strictObject({
    pos: stateCode,
    sply_ty: z.enum(['INTRA', 'INTER']),
    itms: z.array(z.strictObject({ rt: rate, ad_amt: rupees, iamt: rupees, camt: rupees, samt: rupees, csamt: rupees })),
  });
}

function hsnRow() {
  return z.strictObject({
    num: z.number().int().positive(),
    hsn_sc: z.string().regex(/^\d{4,8}$/),
    desc: z.string(),
    uqc: z.string(),
    qty: z.number(),
    rt: rate,
    txval: rupees,
    iamt: rupees,
    camt: rupees,
    samt: rupees,
    csamt: rupees,
  });
}

export type Gstr1 = z.infer<typeof gstr1Schema>;

/** The sections a CSV is asked for by, as the offline tool's sheets are named. */
export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'at', 'atadj', 'hsn', 'doc_iss'] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

/** Each section's count and totals in paise, for the owner's page. */
export interface Gstr1Summary {
  period: string;
  fp: string;
  sections: { section: Gstr1Section; count: number; taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number }[];
}

export const PERIOD_MESSAGE = 'Give the period as a month (2026-11) or a quarter (2026-Q3, July to September).';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The quarter (calendar numbering, as the API takes it: 2026-Q3 is July to September) of a month "2026-11". */
export function quarterOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${year}-Q${Math.floor((m - 1) / 3) + 1}`;
}

/**
 * The quarters a quarterly filer may choose on the GSTR-1 page: `month`'s quarter first, then the `count` - 1
 * before it, each with its months spelled out ("2026-Q3 (July to September 2026)").
 */
export function quartersUpTo(month: string, count = 8): { value: string; label: string }[] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  let index = year * 4 + Math.floor((m - 1) / 3);
  const out: { value: string; label: string }[] = [];
  for (let i = 0; i < count; i++, index--) {
    const y = Math.floor(index / 4);
    const q = (index % 4) + 1;
    out.push({ value: `${y}-Q${q}`, label: `${y}-Q${q} (${MONTH_NAMES[(q - 1) * 3]} to ${MONTH_NAMES[(q - 1) * 3 + 2]} ${y})` });
  }
  return out;
}
