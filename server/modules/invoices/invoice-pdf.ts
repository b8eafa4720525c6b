import { INDIA_TIME_ZONE } from '../../../contract/india';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatPaise } from '../../../contract/format';
import type { DocumentReferences, InvoiceKind, InvoiceRow } from './invoices.service';
import { PROJECT_ROOT } from '../../lib/project-root';
import { amountInWords } from './gst-math';

const FONTS = path.join(PROJECT_ROOT, 'server', 'assets', 'fonts');
/**
 * The embedded fonts, read and parsed once per process and shared by every document: parsing a font's tables
 * (its glyphs, kerning and ligatures) for each invoice cost most of an invoice's drawing time.
 */
let fonts: { regular: fontkit.Font; bold: fontkit.Font } | null = null;
/**
 * The OpenType features an invoice's text is set with: kerning, without the contextual alternates and
 * ligatures (Inter's `calt`, `liga`…), which change nothing in names, numbers and addresses set this small but
 * cost six times the layout (about 25 ms of an invoice's 35, once per paid order, during a rush).
 */
const INVOICE_FEATURES: Record<string, boolean> = {
  calt: false,
  ccmp: false,
  clig: false,
  liga: false,
  locl: false,
  rclt: false,
  rlig: false,
};
function loadedFonts() {
  const open = (file: string) => {
    const font = fontkit.create(readFileSync(path.join(FONTS, file))) as fontkit.Font;
    // pdfkit asks the font for each word's layout with no features of its own (so that it keeps the word):
    // this font answers with the invoice's.
    const layout = font.layout.bind(font);
    font.layout = (text: string, features?: Parameters<fontkit.Font['layout']>[1], ...rest: unknown[]) =>
      (layout as (...args: unknown[]) => fontkit.GlyphRun)(text, features ?? INVOICE_FEATURES, ...rest);
    return font;
  };
  fonts ??= { regular: open('Inter-Regular.ttf'), bold: open('Inter-SemiBold.ttf') };
  return fonts;
}

const TEAK = '#8a5a2b';
const INK = '#2b2118';
const MUTED = '#6f5a45';
const RULE = '#e4d6c4';

const money = (paise: number) => formatPaise(paise, { decimals: 'always' });
const rate = (bp: number) => `${(bp / 100).toFixed(bp % 100 ? 2 : 0)}%`;
const dateOf = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE }).format(at);

/** The shop's mark (the teak leaf of the site's header), drawn in the page's corner. */
function drawMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  doc
    .save()
    .translate(x, y)
    .scale(size / 64);
  doc.path('M32 3C47 12 56 25 54 39c-2 13-12 21-22 22C22 60 12 52 10 39 8 25 17 12 32 3z').fill(TEAK);
  doc.lineCap('round').strokeColor('#fbf6ef');
  doc.lineWidth(2.4).path('M32 10v46').stroke();
  doc.lineWidth(1.8).path('M32 19l-9-5M32 19l9-5M32 28l-13-6M32 28l13-6').stroke();
  doc.lineWidth(1.6).path('M22 41c3 5 7 7 10 7s7-2 10-7M26 38c2 3 4 4 6 4s4-1 6-4').stroke();
  doc.restore();
}

const TITLES: Record<InvoiceKind, string> = {
  invoice: 'TAX INVOICE',
  credit_note: 'CREDIT NOTE',
  receipt_voucher: 'RECEIPT VOUCHER',
  refund_voucher: 'REFUND VOUCHER',
};
const NUMBER_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Invoice no.',
  credit_note: 'Credit note no.',
  receipt_voucher: 'Receipt voucher no.',
  refund_voucher: 'Refund voucher no.',
};
const PARTY_LABELS: Record<InvoiceKind, string> = {
  invoice: 'BILLED TO',
  credit_note: 'ISSUED TO',
  receipt_voucher: 'RECEIVED FROM',
  refund_voucher: 'REFUNDED TO',
};

/**
 * A cleaner of text for the invoice: characters that both embedded fonts cannot draw (an emoji in a name,
 * its joiners and variation selectors, a script Inter does not cover) are left out, where pdfkit would draw
 * an empty box of the emoji's width; the spaces around one are closed up.
 */
function drawableText(fonts: readonly fontkit.Font[]): (text: string) => string {
  const drawable = (ch: string) => {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' || ch === '\t') return true;
    return fonts.every((f) => f.hasGlyphForCodePoint(cp));
  };
  return (text) => {
    if (/^[\x20-\x7e\n]*$/.test(text)) return text;
    return Array.from(text)
      .filter(drawable)
      .join('')
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/ +$/gm, '')
      .replace(/^ +/gm, '');
  };
}

/** A copy of `value` with every string passed through `fn` (dates and numbers as they are). */
function withStrings<T>(value: T, fn: (text: string) => string): T {
  if (typeof value === 'string') return fn(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => withStrings(v, fn)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, fn)])) as T;
  }
  return value;
}

/**
 * A GST tax invoice (or credit note) as a PDF, with what the GST rules ask of one: seller and buyer with
 * their GSTINs, number and date, place of supply, per line the description, HSN, quantity, unit price,
 * taxable value, rate and tax, the totals, the amount in words and the reverse-charge statement.
 */
export function renderInvoicePdf(
  record: InvoiceRow,
  orderNumber: string,
  references: DocumentReferences = { against: null, vouchers: [] },
): Promise<Buffer> {
  const { regular, bold } = loadedFonts();
  // Starting with the invoice's own font spares pdfkit reading its default (Helvetica's metrics) for each document.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    font: regular as unknown as string,
    info: { Title: `${record.number}`, Author: record.seller.name },
  });
  // pdfkit takes a parsed fontkit font as it is (./pdfkit-fonts.d.ts).
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  // Every text of the invoice (names, addresses, descriptions) with what the fonts cannot draw left out.
  const invoice = withStrings(record, drawableText([regular, bold]));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const credit = invoice.kind === 'credit_note';
  const voucher = invoice.kind === 'receipt_voucher';
  const refund = invoice.kind === 'refund_voucher';
  const left = 40;
  const width = doc.page.width - 80;

  // Heading: the mark and the seller on the left, the document's kind and number on the right, each in a column of
  // its own so that a long name or address pushes the rule below down rather than running into the other.
  drawMark(doc, left, 40, 40);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(invoice.seller.name, left + 52, 42, { width: 236 });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(invoice.seller.address, left + 52, doc.y + 2, { width: 236 });
  doc.text(`GSTIN: ${invoice.seller.gstin ?? ''}`, left + 52, doc.y + 2, { width: 236 });
  doc.text(`State: ${invoice.seller.state} (${invoice.seller.stateCode ?? ''})`, left + 52, doc.y + 1, { width: 236 });
  const sellerBottom = doc.y;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(TEAK)
    .text(TITLES[invoice.kind as InvoiceKind], left + 300, 42, { width: width - 300, align: 'right' });
  doc.font('regular').fontSize(9).fillColor(INK);
  const meta: [string, string][] = [
    [NUMBER_LABELS[invoice.kind as InvoiceKind], invoice.number],
    ['Date', dateOf(invoice.issuedAt)],
    ['Order', orderNumber],
    ...(references.ewayBillNumber ? ([['E-way bill', references.ewayBillNumber]] as [string, string][]) : []),
  ];
  for (const [label, value] of meta) doc.text(`${label}: ${value}`, left + 300, doc.y + 2, { width: width - 300, align: 'right' });

  let y = Math.max(doc.y, sellerBottom, 110) + 12;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();
  y += 10;

  // Parties (Rule 46(e) and (f)): the buyer with GSTIN and state on the left, the delivery address and the place of
  // supply on the right; the taller column sets where the next block starts.
  const half = width / 2 - 10;
  const right = left + width / 2 + 10;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text(PARTY_LABELS[invoice.kind as InvoiceKind], left, y, { width: half });
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(invoice.buyer.name, left, doc.y + 2, { width: half });
  doc.font('regular').fontSize(9).fillColor(INK);
  doc.text(invoice.buyer.gstin ? `GSTIN: ${invoice.buyer.gstin}` : 'GSTIN: Unregistered (consumer)', left, doc.y + 2, { width: half });
  if (invoice.buyer.state) doc.text(`State: ${invoice.buyer.state} (${invoice.buyer.stateCode ?? ''})`, left, doc.y + 1, { width: half });
  const buyerBottom = doc.y;
  doc.font('bold').fontSize(9).fillColor(MUTED).text('DELIVERY ADDRESS', right, y, { width: half });
  doc.font('regular').fontSize(9).fillColor(INK);
  if (invoice.buyer.address) doc.text(invoice.buyer.address, right, doc.y + 2, { width: half });
  doc.text(`Place of supply: ${invoice.placeOfSupply}`, right, doc.y + 2, { width: half });
  y = Math.max(buyerBottom, doc.y) + 12;

  // A credit note names its tax invoice (Rule 53(1A)), a refund voucher its receipt voucher (Rule 51), with the date.
  if (references.against || invoice.reason) {
    const against = references.against;
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(MUTED)
      .text(against ? `AGAINST ${TITLES[against.kind]} ${against.number} DATED ${dateOf(against.issuedAt).toUpperCase()}` : 'AGAINST', left, y, {
        width,
      });
    if (invoice.reason) {
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(INK)
        .text(`Reason: ${invoice.reason}`, left, doc.y + 2, { width });
    }
    y = doc.y + 12;
  }

  // Lines.
  const intra = invoice.intraState;
  const cols = intra
    ? [
        { h: '#', w: 18, a: 'left' },
        { h: 'Description', w: 124, a: 'left' },
        { h: 'HSN', w: 34, a: 'left' },
        { h: 'Qty', w: 24, a: 'right' },
        { h: 'Unit price', w: 62, a: 'right' },
        { h: 'Taxable value', w: 66, a: 'right' },
        { h: 'CGST', w: 56, a: 'right' },
        { h: 'SGST', w: 56, a: 'right' },
        { h: 'Total', w: width - 440, a: 'right' },
      ]
    : [
        { h: '#', w: 18, a: 'left' },
        { h: 'Description', w: 170, a: 'left' },
        { h: 'HSN', w: 40, a: 'left' },
        { h: 'Qty', w: 26, a: 'right' },
        { h: 'Unit price', w: 66, a: 'right' },
        { h: 'Taxable value', w: 72, a: 'right' },
        { h: 'IGST', w: 64, a: 'right' },
        { h: 'Total', w: width - 456, a: 'right' },
      ];
  const row = (cells: string[], opts: { bold?: boolean; fill?: string } = {}) => {
    const heights = cells.map((c, i) =>
      doc
        .font(opts.bold ? 'bold' : 'regular')
        .fontSize(8.5)
        .heightOfString(c, { width: cols[i]!.w - 6 }),
    );
    const h = Math.max(...heights) + 8;
    if (y + h > doc.page.height - 140) {
      doc.addPage();
      y = 40;
    }
    if (opts.fill) doc.rect(left, y, width, h).fill(opts.fill);
    let x = left;
    cells.forEach((c, i) => {
      const col = cols[i]!;
      doc
        .font(opts.bold ? 'bold' : 'regular')
        .fontSize(8.5)
        .fillColor(INK)
        .text(c, x + 3, y + 4, { width: col.w - 6, align: col.a as 'left' | 'right' });
      x += col.w;
    });
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    cols.map((c) => c.h),
    { bold: true, fill: '#f4ebe0' },
  );
  invoice.lines.forEach((l, i) => {
    const description = l.shipping_share_paise ? `${l.description}\nincl. delivery ${money(l.shipping_share_paise)}` : l.description;
    const taxes = intra
      ? [`${money(l.cgst_paise)}\n@ ${rate(l.rate_bp / 2)}`, `${money(l.sgst_paise)}\n@ ${rate(l.rate_bp / 2)}`]
      : [`${money(l.igst_paise)}\n@ ${rate(l.rate_bp)}`];
    row([String(i + 1), description, l.hsn, String(l.quantity), money(l.unit_price_paise), money(l.taxable_paise), ...taxes, money(l.amount_paise)]);
  });

  // Totals: what follows the table starts a new page rather than run into the footer.
  const room = (h: number) => {
    if (y + h > doc.page.height - 80) {
      doc.addPage();
      y = 40;
    }
  };
  y += 10;
  const totals: [string, number][] = [
    ['Taxable value', invoice.taxablePaise],
    ...(intra
      ? ([
          ['CGST', invoice.cgstPaise],
          ['SGST', invoice.sgstPaise],
        ] as [string, number][])
      : ([['IGST', invoice.igstPaise]] as [string, number][])),
    ['Delivery (included above)', invoice.shippingPaise],
  ];
  room(totals.length * 14 + 28);
  for (const [label, value] of totals) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + width - 260, y, { width: 150, align: 'right' });
    doc.fillColor(INK).text(money(value), left + width - 110, y, { width: 110, align: 'right' });
    y += 14;
  }
  doc.rect(left + width - 260, y, 260, 22).fill('#f4ebe0');
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(credit ? 'Total credited' : voucher ? 'Advance received' : refund ? 'Total refunded' : 'Total (GST included)', left + width - 256, y + 6, {
      width: 146,
      align: 'right',
    });
  doc.text(money(invoice.totalPaise), left + width - 110, y + 6, { width: 106, align: 'right' });
  y += 32;
  // A tax invoice of an order paid in parts names each receipt voucher and its amount on a line of its own, then the
  // balance received (Rule 50 and decision 0049); each label wraps within its column and moves the next line down.
  if (invoice.kind === 'invoice' && invoice.advancePaise > 0) {
    const received: [string, number][] = references.vouchers.length
      ? references.vouchers.map((v) => [`Advance received: receipt voucher ${v.number} of ${dateOf(v.issuedAt)}`, v.totalPaise])
      : [['Advance received (receipt voucher)', invoice.advancePaise]];
    const advances = received.reduce((a, [, v]) => a + v, 0);
    received.push(['Balance received', invoice.totalPaise - advances]);
    for (const [label, value] of received) {
      doc.font('regular').fontSize(9);
      const h = Math.max(doc.heightOfString(label, { width: 290 }), 11);
      room(h + 3);
      doc.fillColor(MUTED).text(label, left + width - 400, y, { width: 290, align: 'right' });
      doc.fillColor(INK).text(money(value), left + width - 110, y, { width: 110, align: 'right' });
      y += h + 3;
    }
    y += 4;
  }
  room(90);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(INK)
    .text(`Amount in words: ${amountInWords(invoice.totalPaise)}`, left, y, { width });
  y = doc.y + 6;
  doc.text('Whether tax is payable on reverse charge: No', left, y, { width });
  y = doc.y + 24;
  doc
    .font('bold')
    .fontSize(9)
    .text(`For ${invoice.seller.name}`, left + width - 220, y, { width: 220, align: 'right' });
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Authorised signatory', left + width - 220, doc.y + 18, { width: 220, align: 'right' });
  doc.fontSize(7.5).text('This is a computer-generated document and needs no signature. Prices include GST.', left, doc.page.height - 60, {
    width,
    align: 'center',
  });
  doc.end();
  return done;
}
