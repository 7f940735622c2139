// `?format=xlsx` of every list (design §6): the same columns, rows and cells as the CSV
// (lib/csv.ts), as an Excel workbook written by exceljs's streaming WorkbookWriter, so that 100 000
// rows go out as they are read. Numbers are numbers (money with a `1 234,50 ₽` format, quantities
// grouped), moments are dates (Moscow wall clock, `26.11.2026 14:05`), the header row is bold and
// frozen. Text is always a string cell, never a formula, and carries the CSV's escaping (a leading
// `'` before `=`, `+`, `-`, `@`…), so the two files hold the same text.
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJSModule from 'exceljs';
import type { FastifyReply } from 'fastify';
import { exportCell, type ColumnKind, type CsvColumn } from './csv';
import type { Language } from './messages';

/** exceljs, with the zip libraries under it (some 400 modules), loaded by the first spreadsheet, not with the server. */
let excel: Promise<typeof ExcelJSModule> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((module) => (module as { default?: typeof ExcelJSModule }).default ?? module));

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Number formats by column kind. The codes are Excel's own (`,` groups, `.` is the decimal point);
 * a Russian Excel shows them as `1 234,50 ₽`.
 */
const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  money: '#,##0.00 "₽"',
  decimal: '0.00',
  integer: '0',
  date: 'dd.mm.yyyy',
  datetime: 'dd.mm.yyyy hh:mm',
};
/** Ids stay ungrouped (`1234`); quantities and sizes are grouped (`5 000`). */
const GROUPED_INTEGERS = new Set(['quantity', 'reserved', 'available', 'size', 'orders_count']);

const WIDTHS: Partial<Record<ColumnKind, number>> = { money: 16, decimal: 10, integer: 10, date: 12, datetime: 17, boolean: 10, words: 18 };

/** Characters XML 1.0 cannot hold: left out of a string cell so the file stays readable. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function numberFormat(column: CsvColumn): string | undefined {
  if (column.kind === 'integer') return GROUPED_INTEGERS.has(column.field) ? '#,##0' : '0';
  return NUMBER_FORMATS[column.kind];
}

/** A sheet's name: at most 31 characters, none of `[]:*?/\`. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * Waits while the file's reader is behind (a slow client): rows are not produced faster than they
 * leave. Throws when the reader is gone, which ends the reading of the list.
 */
async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  }
  if (stream.destroyed) throw new Error('the xlsx reader went away');
}

/**
 * Writes the items that `batches` yields as one worksheet into `stream`, and ends it. Rows are
 * committed as they are read; between batches the zip flows out, and a slow reader holds the next batch back.
 */
export async function writeXlsx(
  stream: Writable, sheet: string, columns: CsvColumn[], batches: AsyncIterable<Array<Record<string, unknown>>>, language: Language = 'ru',
): Promise<void> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheetName(sheet), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  worksheet.columns = columns.map((column) => ({ key: column.field, width: WIDTHS[column.kind] ?? Math.min(40, Math.max(12, column.title.length + 2)) }));
  const formats = columns.map(numberFormat);
  const header = worksheet.addRow(columns.map((column) => column.title.replace(NOT_XML, '')));
  header.font = { bold: true };
  header.commit();
  for await (const items of batches) {
    for (const item of items) {
      const row = worksheet.addRow(columns.map((column) => {
        const cell = exportCell(item[column.field], column, language);
        // A string is a string cell in exceljs (a formula would need `{ formula }`), never run.
        return cell.type === 'text' ? cell.text.replace(NOT_XML, '') : cell.value;
      }));
      formats.forEach((format, i) => {
        if (format) row.getCell(i + 1).numFmt = format;
      });
      row.commit();
    }
    await new Promise((resolve) => setImmediate(resolve));
    await drained(stream);
  }
  worksheet.commit();
  await workbook.commit();
}

/**
 * Streams the items as an xlsx file. Headers go out first; a failure while streaming ends the
 * response early (the status is sent by then), and is logged.
 */
export function sendXlsx(
  reply: FastifyReply, fileName: string, sheet: string, columns: CsvColumn[], batches: AsyncIterable<Array<Record<string, unknown>>>, language: Language = 'ru',
): FastifyReply {
  const body = new PassThrough();
  writeXlsx(body, sheet, columns, batches, language).catch((err: unknown) => {
    reply.request.log.error({ err }, 'xlsx export failed while streaming');
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
