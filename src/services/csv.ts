/**
 * CSV text for downloads that open in spreadsheets. Cells a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) get a leading apostrophe (OWASP CSV injection);
 * cells with commas, quotes or line breaks are quoted. A BOM makes Excel read Devanagari as UTF-8.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
