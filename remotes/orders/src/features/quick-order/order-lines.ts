// Quick order's input read into lines of SKU and quantity, without a server: pasted text («SKU
// quantity» per line, a tab, spaces or a semicolon between) and CSV files (`,` or `;`, with or
// without a header, UTF-8 or Windows-1251). A line keeps the quantity as it was written, so a bad
// one can be shown to the user as they typed it and corrected in place.
import { MAX_LINE_QUANTITY } from '@portal/shared';

/** One line as read: the SKU and the quantity's text, and where it stood (1-based). */
export interface OrderLineText {
  sku: string;
  quantity: string;
  line: number;
}


/** A quantity as a whole number from 1 to MAX_LINE_QUANTITY, else null. «1 000» (a digit group space) is 1000. */
export function readQuantity(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits);
  return value >= 1 && value <= MAX_LINE_QUANTITY ? value : null;
}

/** A SKU as compared: case and surrounding spaces do not count (what a person types or a file holds). */
export const skuKey = (sku: string) => sku.trim().toLocaleUpperCase('ru-RU');

// The words a header row uses for its columns, in the languages dealers export from.
const SKU_HEADER = /^(артикул|арт\.?|sku|код( товара)?|article|item( code)?|part( number)?)$/i;
const QUANTITY_HEADER = /^(кол(ичество|-во|\.)?|qty|quantity|amount|count)$/i;

/** The columns of SKU and quantity in a header row, or null when the row is not a header. */
function headerColumns(cells: string[]): { sku: number; quantity: number } | null {
  const names = cells.map((cell) => cell.trim().replace(/[,:].*$/, '').trim());
  const sku = names.findIndex((name) => SKU_HEADER.test(name));
  const quantity = names.findIndex((name) => QUANTITY_HEADER.test(name));
  if (sku === -1 && quantity === -1) return null;
  return { sku: sku === -1 ? 0 : sku, quantity: quantity === -1 ? (sku === 0 ? 1 : 0) : quantity };
}

/** Rows of cells into lines: a header (if the first row is one) picks the columns; blank rows are skipped. */
function linesOf(rows: string[][]): OrderLineText[] {
  const first = rows.findIndex((cells) => cells.some((cell) => cell.trim() !== ''));
  if (first === -1) return [];
  const header = headerColumns(rows[first]);
  const columns = header ?? { sku: 0, quantity: 1 };
  const lines: OrderLineText[] = [];
  rows.forEach((cells, index) => {
    if ((header && index === first) || cells.every((cell) => cell.trim() === '')) return;
    lines.push({ sku: (cells[columns.sku] ?? '').trim(), quantity: (cells[columns.quantity] ?? '').trim(), line: index + 1 });
  });
  return lines;
}

/**
 * Pasted lines: «SKU quantity» per line, a tab, spaces or a semicolon between (what a spreadsheet's
 * copy gives, or what one types). A line with a tab or a semicolon is split on those only (a run of
 * them is one separator), so a product name in a column of its own may hold spaces; the first cell
 * is the SKU, the second the quantity, and further cells are ignored.
 */
export function parsePastedLines(text: string): OrderLineText[] {
  const rows = text.split(/\r\n|\r|\n/).map((line) => line.trim()).map((line) => (/[\t;]/.test(line) ? line.split(/\s*[\t;][\t;\s]*/) : line.split(/\s+/)));
  return linesOf(rows);
}

/** The field separator of a CSV file: `;` (Russian Excel) when its first line has one, else `,`. */
function separatorOf(text: string): ';' | ',' {
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  return outside.includes(';') || !outside.includes(',') ? ';' : ',';
}

/** CSV text into rows of cells (RFC 4180: quoted cells may hold separators, quotes as "" and line breaks). */
function csvRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      rows.push(cells);
      cells = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length) rows.push([...cells, cell]);
  return rows;
}

/** A CSV file's text: lines of SKU and quantity, the separator and a header row found by themselves. */
export function parseCsv(text: string): OrderLineText[] {
  const body = text.replace(/^\ufeff/, '');
  return linesOf(csvRows(body, separatorOf(body)));
}

/**
 * A file's bytes as text: UTF-8 when they are valid UTF-8, otherwise Windows-1251, what Russian
 * Excel writes by default. Cyrillic in Windows-1251 is almost never valid UTF-8, so the strict
 * decoder tells them apart.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}
