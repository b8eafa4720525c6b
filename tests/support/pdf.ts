/** A PDF read back with Mozilla's pdf.js (its Node build): its text, and where each piece of it is drawn. */

export interface PdfText {
  page: number;
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function pdfItems(bytes: Buffer | Uint8Array): Promise<PdfText[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const items: PdfText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      items.push({ page: n, str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height });
    }
  }
  return items;
}

/** The text of a PDF, its pieces joined by spaces, pages by new lines. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const items = await pdfItems(bytes);
  const pages = Math.max(0, ...items.map((i) => i.page));
  return Array.from({ length: pages }, (_, p) =>
    items
      .filter((i) => i.page === p + 1)
      .map((i) => i.str)
      .join(' '),
  ).join('\n');
}

/**
 * The pairs of text pieces drawn over each other: each piece's box runs from a little below its baseline (the
 * descenders) to its cap height; boxes of the same page that share more than half a point both ways overprint.
 */
export function overprinted(items: PdfText[]): [string, string][] {
  const box = (i: PdfText) => ({ left: i.x, right: i.x + i.width, bottom: i.y - 0.2 * i.height, top: i.y + 0.75 * i.height });
  const out: [string, string][] = [];
  for (let a = 0; a < items.length; a++) {
    for (let b = a + 1; b < items.length; b++) {
      const p = items[a]!;
      const q = items[b]!;
      if (p.page !== q.page) continue;
      const bp = box(p);
      const bq = box(q);
      const wide = Math.min(bp.right, bq.right) - Math.max(bp.left, bq.left);
      const tall = Math.min(bp.top, bq.top) - Math.max(bp.bottom, bq.bottom);
      if (wide > 0.5 && tall > 0.5) out.push([p.str, q.str]);
    }
  }
  return out;
}
