import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, toCsv, unguardCell } from './csv';

describe('csv', () => {
  it('round-trips quotes, commas, line breaks and formula-like cells', () => {
    const rows = [
      ['a', 'He said "hi", then left', 'two\nlines', '=1+1', '-3', ''],
      ['b', 'plain', 'x', '@home', '+91', 'ok'],
    ];
    const text = toCsv(['slug', 'name', 'description', 'f1', 'f2', 'f3'], rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = parseCsv(text);
    expect(parsed.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(parsed.slice(1).map((r) => r.cells.map(unguardCell))).toEqual(rows);
    expect(parsed[1]!.cells[3]).toBe("'=1+1");
  });

  it('skips blank lines, keeps empty cells and accepts LF or CRLF', () => {
    expect(parseCsv('a,b\n\n1,\r\n,2\n').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
    ]);
    expect(parseCsv('x')).toEqual([{ line: 1, cells: ['x'] }]);
    expect(unguardCell("'plain")).toBe("'plain");
  });

  it('names the line of a malformed record', () => {
    expect(() => parseCsv('a,b\n1,"open')).toThrow(new CsvError('Line 2: a quoted field is not closed.'));
    expect(() => parseCsv('a,b\n1,x"y"')).toThrow(CsvError);
  });
});
