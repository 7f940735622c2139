// `?format=csv` of every list (design §6): every row the list matches, with the same filters, search
// and ordering, streamed in batches so that 100 000 orders never sit in memory at once. For Excel
// as Russian users have it: UTF-8 with a BOM (else Excel reads the bytes as Windows-1251) and `;`
// between values (a Russian Excel splits columns on `;`, not on `,`). Column titles are Russian,
// one per field of the item; `?fields=a,b` picks and orders the columns (the portal sends the
// columns it shows). Nested values are flattened for reading: order lines as «SKU × qty; …», a
// document as its name, a status history as «when from → to; …».
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import { ApiError } from './api-error';

/** Rows read per query while streaming. */
export const CSV_BATCH_SIZE = 500;

/** Column titles by field name; an area may name a field of its own differently. */
export const COLUMN_TITLES: Readonly<Record<string, string>> = {
  id: 'ID',
  number: 'Номер',
  name: 'Название',
  title: 'Заголовок',
  body: 'Текст',
  description: 'Описание',
  comment: 'Комментарий',
  status: 'Статус',
  total: 'Итого',
  items: 'Позиции',
  history: 'История статусов',
  document: 'Документ',
  reason: 'Причина',
  resolution: 'Решение',
  dealer: 'Дилер (ID)',
  dealer_name: 'Дилер',
  order: 'Заказ (ID)',
  order_number: 'Номер заказа',
  product: 'Товар (ID)',
  product_sku: 'Артикул',
  product_name: 'Товар',
  sku: 'Артикул',
  category: 'Категория',
  unit: 'Ед. изм.',
  price: 'Цена',
  dealer_price: 'Цена дилера',
  discount_percent: 'Скидка, %',
  available: 'Доступно',
  warehouse: 'Склад',
  quantity: 'Количество',
  reserved: 'В резерве',
  carrier: 'Перевозчик',
  tracking_number: 'Трек-номер',
  shipped_at: 'Отгружено',
  legal_name: 'Юридическое название',
  company_name: 'Компания',
  contact_name: 'Контактное лицо',
  tax_id: 'ИНН',
  group: 'Группа (ID)',
  group_name: 'Группа',
  group_discount_percent: 'Скидка группы, %',
  summary: 'Заказы',
  users: 'Пользователи',
  files: 'Файлы',
  email: 'Эл. почта',
  phone: 'Телефон',
  address: 'Адрес',
  is_active: 'Активен',
  decided_at: 'Решение принято',
  decision_reason: 'Причина решения',
  audience: 'Аудитория (группа, ID)',
  published: 'Опубликовано',
  published_at: 'Опубликовано в',
  content_type: 'Тип файла',
  size: 'Размер, байт',
  sha256: 'SHA-256',
  uploaded_by: 'Загрузил (ID пользователя)',
  url: 'Ссылка',
  key: 'Ключ',
  value: 'Значение',
  first_name: 'Имя',
  last_name: 'Фамилия',
  role: 'Роль',
  is_staff: 'Сотрудник',
  contract_signed: 'Договор подписан',
  date_joined: 'Зарегистрирован',
  last_login: 'Последний вход',
  created_at: 'Создано',
  updated_at: 'Изменено',
};

export interface CsvColumn {
  field: string;
  title: string;
  schema: TSchema;
}

/**
 * The columns of an export: every field of the item in its order, or those `fields` names
 * (comma-separated) in the order given. An unknown name is a 400 naming it (`fields.<name>`).
 */
export function csvColumns(item: TObject, fields: string | undefined, titles: Readonly<Record<string, string>> = {}): CsvColumn[] {
  const properties: Record<string, TSchema> = item.properties;
  const names = fields === undefined ? Object.keys(properties) : [...new Set(fields.split(',').map((name) => name.trim()).filter(Boolean))];
  // Own keys only: a client-given name such as `constructor` is unknown, not inherited.
  const unknown = names.filter((name) => !Object.hasOwn(properties, name));
  if (unknown.length) throw new ApiError(400, 'invalid', Object.fromEntries(unknown.map((name) => [`fields.${name}`, ['field_unknown' as const]])));
  if (!names.length) throw new ApiError(400, 'invalid', { fields: ['field_required'] });
  return names.map((field) => ({
    field,
    title: (Object.hasOwn(titles, field) ? titles[field] : undefined) ?? (Object.hasOwn(COLUMN_TITLES, field) ? COLUMN_TITLES[field] : field),
    schema: properties[field],
  }));
}

/** Whether a field's schema is a timestamp (possibly nullable). */
function isTimestamp(schema: TSchema): boolean {
  const { format, anyOf } = schema as { format?: unknown; anyOf?: TSchema[] };
  return format === 'date-time' || (Array.isArray(anyOf) && anyOf.some(isTimestamp));
}

/** One element of a nested list: an order line as «SKU × qty», anything named as its name. */
function elementText(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.sku === 'string' && record.quantity !== undefined) return `${record.sku} × ${String(record.quantity)}`;
    // A status change of `history`: «2026-11-23 10:00:00 new → confirmed».
    if (typeof record.to === 'string' && typeof record.when === 'string') {
      return `${record.when.replace('T', ' ').replace(/(\.\d+)?Z$/, '')} ${typeof record.from === 'string' ? `${record.from} → ` : ''}${record.to}`;
    }
    if (typeof record.name === 'string') return record.name;
    // A user by its address; a dealer's orders in short as «12 заказов, за год 345000.00».
    if (typeof record.email === 'string') return record.email;
    if (typeof record.orders_count === 'number') return `${record.orders_count} заказов, за год ${String(record.year_total)}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * A cell as a spreadsheet may read it without running it (OWASP "CSV injection"): a text that
 * begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so Excel and
 * LibreOffice show it as text instead of evaluating it (`=HYPERLINK(…)`, `-2+3+cmd|…`, `@SUM(…)`).
 * No exceptions by look: a phone `+7 …` and a negative number go out as `'+7 …` and `'-5`.
 */
export function escapeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A value as the text of a cell, before escaping. */
function cellValue(value: unknown, column: CsvColumn): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  // Nested values are the client's text too (file names, a visitor's company name): each element
  // is escaped as if it stood alone, and the cell as a whole below.
  if (Array.isArray(value)) return value.map((element) => escapeCell(elementText(element))).join('; ');
  if (typeof value === 'object') return elementText(value);
  // `2026-11-23 10:00:00`, which Excel reads as a date and time (UTC, as the API answers).
  if (typeof value === 'string' && isTimestamp(column.schema)) return value.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
  return String(value);
}

/** A value as a CSV cell: whatever its source (a field, a list, an object), escaped against formulas. */
export function cellText(value: unknown, column: CsvColumn): string {
  return escapeCell(cellValue(value, column));
}

/** `orders-2026-11-23.csv`: the list's name and today's date (UTC). */
export const csvFileName = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Streams the items that `batches` yields as CSV. Headers go out first; a failure while streaming
 * ends the response early (the status is sent by then), and is logged.
 */
export function sendCsv(reply: FastifyReply, fileName: string, columns: CsvColumn[], batches: AsyncIterable<Array<Record<string, unknown>>>): FastifyReply {
  async function* records() {
    for await (const items of batches) {
      for (const item of items) yield columns.map((column) => cellText(item[column.field], column));
    }
  }
  const csv = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows', header: true, columns: columns.map((column) => column.title) });
  pipeline(Readable.from(records()), csv, (err) => {
    if (err) reply.request.log.error({ err }, 'CSV export failed while streaming');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/** Reads a query in pages of `size` rows until a short page. */
export async function* inBatches<Row>(read: (offset: number, limit: number) => Promise<Row[]>, size = CSV_BATCH_SIZE): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await read(offset, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
