import { describe, expect, it } from 'vitest';
import { parseBrevoListIds } from '../src/config/brevo';
import { csvCell, csvRow } from '../src/export/csv';

describe('CSV export cells (the subscribers export)', () => {
  it('prefixes what a spreadsheet would run as a formula, and quotes what would break the row', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+971501234567')).toBe("'+971501234567");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('layla@example.ae')).toBe('layla@example.ae');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    // Numbers are values, not text a person typed: a negative number stays a number.
    expect(csvCell(-5)).toBe('-5');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('BREVO_LIST_IDS', () => {
  it('reads per-source lists, one id for all, or nothing; refuses anything else', () => {
    expect(parseBrevoListIds('')).toEqual({ subscriber: [], lead: [], customer: [] });
    expect(parseBrevoListIds('7')).toEqual({ subscriber: [7], lead: [7], customer: [7] });
    expect(parseBrevoListIds('subscriber=2, lead=3+8,customer=4')).toEqual({
      subscriber: [2],
      lead: [3, 8],
      customer: [4],
    });
    expect(parseBrevoListIds('subscribers=2')).toBeNull();
    expect(parseBrevoListIds('lead=x')).toBeNull();
  });
});
