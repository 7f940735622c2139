// `?format=csv` and `?format=xlsx` of every list (design §6): every row the list matches, with the
// same filters, search and ordering, streamed in batches so that 100 000 orders never sit in memory
// at once. One set of column definitions makes both files (lib/xlsx.ts writes the spreadsheet).
// For Excel as Russian users have it: UTF-8 with a BOM (else Excel reads the bytes as Windows-1251)
// and `;` between values (a Russian Excel splits columns on `;`, not on `,`); money and decimals
// with a decimal comma and no quotes (`56658,00`, which a Russian Excel reads as a number),
// quantities as plain integers, dates as `26.11.2026` and moments as `26.11.2026 14:05` in Moscow
// time (the portal's business runs on Moscow time, whatever the server's zone), statuses, roles and
// kinds as words in the caller's language (Accept-Language; Russian unless English is asked for).
// Column titles are Russian (English for English), one per field; `?fields=a,b` picks and orders the columns
// (the portal sends the columns it shows). Nested values are flattened for reading: order lines as
// «SKU × qty; …», a document as its name, a status history as «when from → to; …».
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import { ApiError } from './api-error';
import type { Language } from './messages';

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
  edits: 'Правки заказа',
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
  product_unit: 'Ед. изм. товара',
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
  read: 'Прочитано',
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

/** What a column holds, which decides how both files write it. */
export type ColumnKind = 'text' | 'money' | 'decimal' | 'integer' | 'date' | 'datetime' | 'boolean' | 'words';

/** The titles in English, for a caller who asks for English (Accept-Language), by field name. */
export const COLUMN_TITLES_EN: Readonly<Record<string, string>> = {
  id: 'ID', number: 'Number', name: 'Name', title: 'Title', body: 'Text', description: 'Description', comment: 'Comment', status: 'Status',
  total: 'Total', items: 'Lines', history: 'Status history', edits: 'Order edits', document: 'Document', reason: 'Reason', resolution: 'Resolution',
  dealer: 'Dealer (ID)', dealer_name: 'Dealer', order: 'Order (ID)', order_number: 'Order number', product: 'Product (ID)', product_sku: 'SKU',
  product_name: 'Product', product_unit: 'Product unit', sku: 'SKU', category: 'Category', unit: 'Unit', price: 'Price', dealer_price: 'Dealer price',
  discount_percent: 'Discount, %', available: 'Available', warehouse: 'Warehouse', quantity: 'Quantity', reserved: 'Reserved', carrier: 'Carrier',
  tracking_number: 'Tracking number', shipped_at: 'Shipped', legal_name: 'Legal name', company_name: 'Company', contact_name: 'Contact person',
  tax_id: 'INN', group: 'Group (ID)', group_name: 'Group', group_discount_percent: 'Group discount, %', summary: 'Orders', users: 'Users',
  files: 'Files', email: 'Email', phone: 'Phone', address: 'Address', is_active: 'Active', decided_at: 'Decided', decision_reason: 'Reason for the decision',
  audience: 'Audience (group, ID)', published: 'Published', published_at: 'Published at', read: 'Read', content_type: 'File type', size: 'Size, bytes',
  sha256: 'SHA-256', uploaded_by: 'Uploaded by (user ID)', url: 'Link', key: 'Key', value: 'Value', first_name: 'First name', last_name: 'Last name',
  role: 'Role', is_staff: 'Staff', contract_signed: 'Agreement signed', date_joined: 'Registered', last_login: 'Last sign-in', created_at: 'Created',
  updated_at: 'Changed', same_tax_id: 'Same INN', at: 'When', actor: 'Who', action: 'Action', target_type: 'Object', target_id: 'Object ID', details: 'Details',
};

export interface CsvColumn {
  field: string;
  title: string;
  schema: TSchema;
  kind: ColumnKind;
  /** For `words`: the word of each value, in the export's language. */
  words?: Readonly<Record<string, string>>;
  /** The words of the list's statuses, for a status history (`history`). */
  statusWords?: Readonly<Record<string, string>>;
}

/** Money fields (two-place decimal strings in the API), written as numbers with a decimal comma. */
const MONEY_FIELDS = new Set(['price', 'dealer_price', 'total', 'amount', 'year_total']);
/** Other decimal fields (percentages). */
const DECIMAL_FIELDS = new Set(['discount_percent', 'group_discount_percent']);

const w = (ru: string, en: string): Record<Language, string> => ({ ru, en });
/**
 * Words of the values of enumerated fields, by `<list>.<field>` (the list's path without slashes),
 * in Russian agreeing with the list's noun (заказ, претензия, заявка…) and in English.
 */
export const VALUE_WORDS: Readonly<Record<string, Readonly<Record<string, Record<Language, string>>>>> = {
  'orders.status': {
    new: w('Новый', 'New'), confirmed: w('Подтверждён', 'Confirmed'), shipped: w('Отгружен', 'Shipped'),
    completed: w('Выполнен', 'Completed'), cancelled: w('Отменён', 'Cancelled'),
  },
  'shippings.status': { preparing: w('Готовится', 'Preparing'), in_transit: w('В пути', 'In transit'), delivered: w('Доставлена', 'Delivered') },
  'orderdelreq.status': { pending: w('На рассмотрении', 'Pending'), approved: w('Одобрен', 'Approved'), rejected: w('Отклонён', 'Rejected') },
  'claims.status': {
    new: w('Новая', 'New'), in_review: w('На рассмотрении', 'In review'), accepted: w('Принята', 'Accepted'),
    rejected: w('Отклонена', 'Rejected'), closed: w('Закрыта', 'Closed'),
  },
  'claims.reason': {
    damaged: w('Повреждение', 'Damaged'), wrong_item: w('Пересорт', 'Wrong item'), shortage: w('Недовложение', 'Shortage'),
    defect: w('Брак', 'Defect'), other: w('Другое', 'Other'),
  },
  'regreq.status': { new: w('Новая', 'New'), approved: w('Одобрена', 'Approved'), rejected: w('Отклонена', 'Rejected') },
  'regreq.kind': { dealer: w('Дилер', 'Dealer'), request: w('Заявка', 'Request') },
  'users.role': { dealer: w('Дилер', 'Dealer'), manager: w('Менеджер', 'Manager'), admin: w('Администратор', 'Administrator') },
  'audit.action': {
    'user.created': w('Создан пользователь', 'User created'), 'user.role_changed': w('Изменена роль', 'Role changed'),
    'user.dealer_changed': w('Изменён дилер пользователя', 'User\'s dealer changed'), 'user.activated': w('Пользователь включён', 'User activated'),
    'user.deactivated': w('Пользователь отключён', 'User deactivated'), 'user.password_reset_sent': w('Отправлена ссылка для входа', 'Sign-in link sent'),
    'user.password_changed': w('Пароль изменён пользователем', 'Password changed by the user'),
    'dealer.activated': w('Дилер включён', 'Dealer activated'), 'dealer.deactivated': w('Дилер отключён', 'Dealer deactivated'),
    'regreq.approved': w('Заявка одобрена', 'Request approved'), 'regreq.rejected': w('Заявка отклонена', 'Request rejected'),
    'setting.changed': w('Изменена настройка', 'Setting changed'), 'setting.deleted': w('Удалена настройка', 'Setting deleted'),
    'agreement.published': w('Опубликовано соглашение', 'Agreement published'),
    'deploy_key.created': w('Создан ключ деплоя', 'Deploy key created'), 'deploy_key.revoked': w('Отозван ключ деплоя', 'Deploy key revoked'),
    'release.uploaded': w('Загружен релиз', 'Release uploaded'), 'release.activated': w('Релиз сделан текущим', 'Release made live'),
    'release.rolled_back': w('Релиз откачен', 'Release rolled back'),
    'exchange_account.created': w('Создана учётная запись обмена с 1С', '1C exchange account created'),
    'exchange_account.deleted': w('Удалена учётная запись обмена с 1С', '1C exchange account deleted'),
    'exchange.started': w('Начат обмен с 1С', '1C exchange started'),
    'order.exchange_reset': w('Заказ выгружается в 1С заново', 'Order to be sent to 1C again'),
  },
};

/** The words of a list's field in a language, if the field is one of VALUE_WORDS. */
function wordsOf(list: string, field: string, language: Language): Record<string, string> | undefined {
  const key = `${list}.${field}`;
  if (!Object.hasOwn(VALUE_WORDS, key)) return undefined;
  return Object.fromEntries(Object.entries(VALUE_WORDS[key]).map(([value, word]) => [value, word[language]]));
}

/** The schema itself, or the one non-null member of a nullable union. */
function unwrapped(schema: TSchema): TSchema {
  const { anyOf } = schema as { anyOf?: TSchema[] };
  if (!Array.isArray(anyOf)) return schema;
  const members = anyOf.filter((member) => (member as { type?: unknown }).type !== 'null');
  return members.length === 1 ? members[0] : schema;
}

/** What a field holds, by its name (money, percentages) and its schema. */
function kindOf(field: string, schema: TSchema, words: unknown): ColumnKind {
  const inner = unwrapped(schema) as { type?: unknown; format?: unknown };
  if (words) return 'words';
  if (isTimestamp(schema)) return 'datetime';
  if (inner.type === 'string' && inner.format === 'date') return 'date';
  if (inner.type === 'string' && MONEY_FIELDS.has(field)) return 'money';
  if (inner.type === 'string' && DECIMAL_FIELDS.has(field)) return 'decimal';
  if (inner.type === 'integer') return 'integer';
  if (inner.type === 'boolean') return 'boolean';
  return 'text';
}

export interface ColumnOptions {
  /** The list's name: its path without slashes (`orders`), which picks its value words. */
  list?: string;
  language?: Language;
}

/**
 * The columns of an export: every field of the item in its order, or those `fields` names
 * (comma-separated) in the order given. An unknown name is a 400 naming it (`fields.<name>`).
 */
export function csvColumns(item: TObject, fields: string | undefined, titles: Readonly<Record<string, string>> = {}, options: ColumnOptions = {}): CsvColumn[] {
  const properties: Record<string, TSchema> = item.properties;
  const names = fields === undefined ? Object.keys(properties) : [...new Set(fields.split(',').map((name) => name.trim()).filter(Boolean))];
  // Own keys only: a client-given name such as `constructor` is unknown, not inherited.
  const unknown = names.filter((name) => !Object.hasOwn(properties, name));
  if (unknown.length) throw new ApiError(400, 'invalid', Object.fromEntries(unknown.map((name) => [`fields.${name}`, ['field_unknown' as const]])));
  if (!names.length) throw new ApiError(400, 'invalid', { fields: ['field_required'] });
  const language = options.language ?? 'ru';
  return names.map((field) => {
    const schema = properties[field];
    const words = options.list === undefined ? undefined : wordsOf(options.list, field, language);
    const statusWords = field === 'history' && options.list !== undefined ? wordsOf(options.list, 'status', language) : undefined;
    return {
      field,
      title: language === 'en'
        ? (Object.hasOwn(COLUMN_TITLES_EN, field) ? COLUMN_TITLES_EN[field] : field)
        : (Object.hasOwn(titles, field) ? titles[field] : undefined) ?? (Object.hasOwn(COLUMN_TITLES, field) ? COLUMN_TITLES[field] : field),
      schema,
      kind: kindOf(field, schema, words),
      ...(words && { words }),
      ...(statusWords && { statusWords }),
    };
  });
}

/** Whether a field's schema is a timestamp (possibly nullable). */
function isTimestamp(schema: TSchema): boolean {
  const { format, anyOf } = schema as { format?: unknown; anyOf?: TSchema[] };
  return format === 'date-time' || (Array.isArray(anyOf) && anyOf.some(isTimestamp));
}

/** The portal's business clock: Moscow (UTC+3; Intl keeps the older offsets of past dates right). */
const MOSCOW = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** A moment as Moscow's wall clock: its parts, or null for what is not a moment. */
export function moscowTime(iso: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(MOSCOW.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2026-11-26T11:05:00Z` as `26.11.2026 14:05` (Moscow); what is not a moment stays as it is. */
export function dateTimeText(iso: string): string {
  const t = moscowTime(iso);
  return t ? `${two(t.day)}.${two(t.month)}.${t.year} ${two(t.hour)}:${two(t.minute)}` : iso;
}

/** `2026-11-26` as `26.11.2026`; anything else stays as it is. */
export function dateText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** A number exactly: digits, an optional minus and fraction, nothing else (so nothing a spreadsheet could run). */
const NUMBER = /^-?\d+(\.\d+)?$/;

/** `56658.00` as `56658,00`, the decimal comma of a Russian Excel; null if the text is not a number. */
export function decimalText(value: string): string | null {
  return NUMBER.test(value) ? value.replace('.', ',') : null;
}

/** One element of a nested list: an order line as «SKU × qty», anything named as its name. */
function elementText(value: unknown, column: CsvColumn, language: Language): string {
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.sku === 'string' && record.quantity !== undefined) return `${record.sku} × ${String(record.quantity)}`;
    // A status change of `history`: «23.11.2026 13:00 Новый → Подтверждён».
    if (typeof record.to === 'string' && typeof record.when === 'string') {
      const word = (status: string) => column.statusWords?.[status] ?? status;
      return `${dateTimeText(record.when)} ${typeof record.from === 'string' ? `${word(record.from)} → ` : ''}${word(record.to)}`;
    }
    if (typeof record.name === 'string') return record.name;
    // A user by its address; a dealer's orders in short as «12 заказов, за год 345000,00».
    if (typeof record.email === 'string') return record.email;
    if (typeof record.orders_count === 'number') {
      const total = decimalText(String(record.year_total)) ?? String(record.year_total);
      return language === 'en' ? `${record.orders_count} orders, ${total} in the year` : `${record.orders_count} заказов, за год ${total}`;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * A cell as a spreadsheet may read it without running it (OWASP "CSV injection"): a text that
 * begins with `=`, `+`, `-`, `@` (or their fullwidth forms), a tab or a carriage return gets a leading `'`, so Excel and
 * LibreOffice show it as text instead of evaluating it (`=HYPERLINK(…)`, `-2+3+cmd|…`, `@SUM(…)`).
 * No exceptions by look for text: a phone `+7 …` and a SKU `-5` go out as `'+7 …` and `'-5`.
 * Numeric columns (money, decimals, quantities, ids) do not pass through here when their value is
 * exactly a number (`-5`, `-5,00`): a spreadsheet reads such a cell as a number constant, and
 * nothing else fits in it; anything else in such a column is text and is escaped.
 */
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** What a spreadsheet runs at the start of a cell: the ASCII signs, their fullwidth forms (＝ ＋ － ＠, which some read as the same), a tab, a carriage return. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as both files write it: a number, a moment (Moscow wall clock) or text, and its CSV text. */
export type Cell =
  | { type: 'number'; value: number; text: string }
  | { type: 'date'; value: Date; text: string }
  | { type: 'text'; text: string };

const textCell = (text: string): Cell => ({ type: 'text', text: escapeCell(text) });

/** A value of a column as a typed cell, escaped against formulas wherever it is text. */
export function exportCell(value: unknown, column: CsvColumn, language: Language = 'ru'): Cell {
  if (value === null || value === undefined) return { type: 'text', text: '' };
  switch (column.kind) {
    case 'money':
    case 'decimal': {
      const text = typeof value === 'string' || typeof value === 'number' ? decimalText(String(value)) : null;
      if (text !== null) return { type: 'number', value: Number(String(value)), text };
      break;
    }
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return { type: 'number', value, text: String(value) };
      break;
    case 'datetime': {
      const t = typeof value === 'string' ? moscowTime(value) : null;
      if (t) return { type: 'date', value: new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)), text: dateTimeText(value as string) };
      break;
    }
    case 'date':
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { type: 'date', value: new Date(`${value}T00:00:00Z`), text: dateText(value) };
      break;
    case 'words':
      if (typeof value === 'string') return textCell(column.words && Object.hasOwn(column.words, value) ? column.words[value] : value);
      break;
    default:
      break;
  }
  if (typeof value === 'boolean') return { type: 'text', text: language === 'en' ? (value ? 'yes' : 'no') : (value ? 'да' : 'нет') };
  // Nested values are the client's text too (file names, a visitor's company name): each element
  // is escaped as if it stood alone, and the cell as a whole.
  if (Array.isArray(value)) return textCell(value.map((element) => escapeCell(elementText(element, column, language))).join('; '));
  if (typeof value === 'object') return textCell(elementText(value, column, language));
  return textCell(String(value));
}

/** A value as a CSV cell: whatever its source (a field, a list, an object), escaped against formulas. */
export function cellText(value: unknown, column: CsvColumn, language: Language = 'ru'): string {
  return exportCell(value, column, language).text;
}

/** The file name of a list's export: the dealer's products are the dealer's price list. */
const EXPORT_NAMES: Readonly<Record<string, string>> = { dp: 'price-list' };

/** `orders-2026-11-23.csv`: the list's name and today's date (Moscow). */
export const exportFileName = (list: string, extension: 'csv' | 'xlsx', now = new Date()) => {
  const name = Object.hasOwn(EXPORT_NAMES, list) ? EXPORT_NAMES[list] : list;
  const today = moscowTime(now.toISOString())!;
  return `${name}-${today.year}-${two(today.month)}-${two(today.day)}.${extension}`;
};

/** `orders-2026-11-23.csv`. */
export const csvFileName = (name: string, now = new Date()) => exportFileName(name, 'csv', now);

/**
 * Streams the items that `batches` yields as CSV. Headers go out first; a failure while streaming
 * ends the response early (the status is sent by then), and is logged.
 */
export function sendCsv(reply: FastifyReply, fileName: string, columns: CsvColumn[], batches: AsyncIterable<Array<Record<string, unknown>>>, language: Language = 'ru'): FastifyReply {
  async function* records() {
    for await (const items of batches) {
      for (const item of items) yield columns.map((column) => cellText(item[column.field], column, language));
    }
  }
  // A value holding a line break of any kind is quoted: csv-stringify quotes only values that hold
  // the record delimiter itself (CRLF), and a spreadsheet starts a new row at a bare CR or LF, whose
  // first cell (`\n=1+1`) it would then run.
  const csv = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows', quoted_match: /[\r\n]/, header: true, columns: columns.map((column) => column.title) });
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
