/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */

/** Cells a spreadsheet would run as a formula are kept as text with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function escapeCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document (with a byte-order mark, so spreadsheet programs read it as UTF-8). */
export function toCsv(header: string[], rows: string[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(escapeCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** One CSV line (with its line end), as `toCsv` writes each. */
export function csvLine(cells: string[]): string {
  return `${cells.map(escapeCell).join(',')}\r\n`;
}

/** Undoes the formula guard of `toCsv`. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export interface CsvRecord {
  /** Line of the file where the record starts (1-based, the header is line 1). */
  line: number;
  cells: string[];
}

export class CsvError extends Error {}

/** Parses CSV text into records; blank lines are skipped. */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellStarted = false;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '' && !cellStarted)) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    cellStarted = false;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cell !== '')
        throw new CsvError(`Line ${line}: a quote may only start a field. Put the whole field in quotes and double the quotes inside it.`);
      quoted = true;
      cellStarted = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvError(`Line ${recordLine}: a quoted field is not closed.`);
  if (cell !== '' || cells.length || cellStarted) endRecord();
  return records;
}
