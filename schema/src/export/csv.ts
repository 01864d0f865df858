/**
 * CSV for spreadsheets (RFC 4180 quoting), safe to open: a cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google Sheets, so it is
 * prefixed with `'` and shown as text instead of run (OWASP "CSV Injection"). Pure: no I/O.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended by CRLF as RFC 4180 says. */
export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
