// Orders to 1C and back (issue 33 item 1, design §5). `query` answers the orders 1C has not taken
// as a CommerceML document (`Документ` per order: «Заказ товара», the portal as «Продавец», the
// dealer as `Контрагент` with its INN, the lines with 1C's product ids); `success` marks those
// orders taken (`exchanged_at`). 1C's changes come back as a file of the same documents: the status
// in `ЗначенияРеквизитов` («Подтвержден», «Отгружен», «Отменен») moves the order through the same
// lifecycle as a manager's action, step by step, with the same stock rules and the dealer's mail,
// and «1С» as the actor in its history; a shipment's number becomes the order's shipping.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { OrderStatus } from '../../db/tables/orders';
import { nowIso } from '../../db/dialect';
import type { DialectName } from '../../db/connect';
import { ApiError } from '../api-error';
import type { Mail } from '../mailer';
import { stepsBetween } from '../lifecycle';
import { centsOf, formatMoney } from '../money';
import { notifyDealer, orderStatusNotice } from '../notify';
import { moveStock } from '../stock';
import { recordChange } from '../status-history';
import type { ExchangeError } from './catalog';
import { all, ExchangeFileError, readRecords, text, type XmlElement } from './xml';

/** The actor 1C's changes are recorded with. */
export const EXCHANGE_ACTOR = '1С';
/** The most orders one `query` sends; 1C asks again after `success` for the rest. */
export const ORDERS_PER_QUERY = 500;

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
  // Characters XML 1.0 cannot carry at all.
  // eslint-disable-next-line no-control-regex
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** <name>value</name>, escaped. */
const el = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;

/** Moscow time (UTC+3, no daylight saving) as 1C's date and time. */
function moscow(value: Date | string): { date: string; time: string } {
  const at = new Date(new Date(value).getTime() + 3 * 3_600_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 19) };
}

/** The words of a status in 1C's documents. */
export const STATUS_WORDS: Record<OrderStatus, string> = { new: 'Новый', confirmed: 'Подтвержден', shipped: 'Отгружен', completed: 'Выполнен', cancelled: 'Отменен' };

/** The id 1C knows the order by: its own when 1C sent one back, else the portal's. */
const orderIdOf = (order: { id: number; external_id: string | null }) => order.external_id ?? String(order.id);

/** The orders 1C has not taken, as one CommerceML document; answers it and their ids. */
export async function ordersDocument(db: Kysely<Database>): Promise<{ xml: string; ids: number[] }> {
  const orders = await db.selectFrom('orders').innerJoin('dealers', 'dealers.id', 'orders.dealer_id')
    .select(['orders.id', 'orders.number', 'orders.status', 'orders.total_cents', 'orders.comment', 'orders.created_at', 'orders.external_id',
      'dealers.id as dealer_id', 'dealers.name as dealer_name', 'dealers.legal_name', 'dealers.tax_id', 'dealers.address', 'dealers.external_id as dealer_external_id'])
    .where('orders.exchanged_at', 'is', null).orderBy('orders.id').limit(ORDERS_PER_QUERY).execute();
  const ids = orders.map((order) => order.id);
  const lines = ids.length ? await db.selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.order_id', 'order_items.quantity', 'order_items.price_cents', 'order_items.amount_cents',
      'products.id as product_id', 'products.external_id', 'products.sku', 'products.name', 'products.unit'])
    .where('order_items.order_id', 'in', ids).orderBy('order_items.id').execute() : [];
  const formed = moscow(new Date());
  const documents = orders.map((order) => {
    const { date, time } = moscow(order.created_at);
    const goods = lines.filter((line) => line.order_id === order.id).map((line) => [
      '<Товар>',
      el('Ид', line.external_id ?? `portal-${line.product_id}`),
      el('Артикул', line.sku),
      el('Наименование', line.name),
      `<БазоваяЕдиница НаименованиеПолное="${escapeXml(line.unit)}">${escapeXml(line.unit)}</БазоваяЕдиница>`,
      el('ЦенаЗаЕдиницу', money(line.price_cents)),
      el('Количество', line.quantity),
      el('Сумма', money(line.amount_cents)),
      '<ЗначенияРеквизитов>',
      '<ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>',
      '<ЗначениеРеквизита><Наименование>ТипНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>',
      '</ЗначенияРеквизитов>',
      '</Товар>',
    ].join('')).join('');
    return [
      '<Документ>',
      el('Ид', orderIdOf(order)),
      el('Номер', order.number),
      el('Дата', date),
      el('ХозОперация', 'Заказ товара'),
      el('Роль', 'Продавец'),
      el('Валюта', 'руб'),
      el('Курс', 1),
      el('Сумма', money(order.total_cents)),
      '<Контрагенты><Контрагент>',
      el('Ид', order.dealer_external_id ?? `portal-dealer-${order.dealer_id}`),
      el('Наименование', order.dealer_name),
      el('ПолноеНаименование', order.legal_name || order.dealer_name),
      el('ОфициальноеНаименование', order.legal_name || order.dealer_name),
      el('ИНН', order.tax_id),
      el('Роль', 'Покупатель'),
      order.address ? `<АдресРегистрации>${el('Представление', order.address)}</АдресРегистрации>` : '',
      '</Контрагент></Контрагенты>',
      el('Время', time),
      el('Комментарий', order.comment),
      `<Товары>${goods}</Товары>`,
      '<ЗначенияРеквизитов>',
      `<ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>${STATUS_WORDS[order.status]}</Значение></ЗначениеРеквизита>`,
      `<ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>${order.status === 'cancelled'}</Значение></ЗначениеРеквизита>`,
      '</ЗначенияРеквизитов>',
      '</Документ>',
    ].join('');
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="${formed.date}T${formed.time}">${documents.join('\n')}</КоммерческаяИнформация>\n`;
  return { xml, ids };
}

/** Kopecks as 1C's decimal: 1234.50. */
const money = (value: string | number | bigint) => formatMoney(centsOf(value));

/** Marks the orders taken by 1C. */
export async function markTaken(db: Kysely<Database>, ids: number[]): Promise<void> {
  const now = nowIso();
  for (let i = 0; i < ids.length; i += 500) {
    await db.updateTable('orders').set({ exchanged_at: now }).where('id', 'in', ids.slice(i, i + 500)).where('exchanged_at', 'is', null).execute();
  }
}

/** The status a document of 1C's asks for, if it names one. */
export function statusOf(document: XmlElement): OrderStatus | null {
  const values = new Map(all(document, 'ЗначенияРеквизитов', 'ЗначениеРеквизита').map((value) => [text(value, 'Наименование').toLowerCase(), text(value, 'Значение')]));
  if (values.get('отменен') === 'true' || values.get('пометкаудаления') === 'true') return 'cancelled';
  const word = (values.get('статус заказа') ?? values.get('статус') ?? '').toLowerCase().replace(/^\[[^\]]*\]\s*/, '');
  if (word.startsWith('отмен')) return 'cancelled';
  if (word.startsWith('отгруж')) return 'shipped';
  if (word.startsWith('выполн') || word.startsWith('закрыт')) return 'completed';
  if (word.startsWith('подтвержд') || word.startsWith('принят') || word.startsWith('согласован')) return 'confirmed';
  if (values.get('проведен') === 'true') return 'confirmed';
  return null;
}

export interface OrderChangesContext {
  db: Kysely<Database>;
  dialect: DialectName;
  publicUrl: string;
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  file: string;
  errors: ExchangeError[];
  /** Mails to send once the file's changes are committed. */
  mails: Mail[];
}

/** Applies 1C's changes to the orders, in one transaction; answers how many orders changed. */
export async function applyOrderChanges(ctx: OrderChangesContext): Promise<{ updated: number; skipped: number }> {
  let updated = 0;
  let skipped = 0;
  const documents: XmlElement[] = [];
  // A changes file is small (the orders of one exchange): read whole first, so a broken one changes nothing.
  await readRecords(ctx.chunks, {
    isRecord: (path) => path.length === 2 && path[0] === 'КоммерческаяИнформация' && path[1] === 'Документ',
    onOpen: (path) => {
      if (path.length === 1 && path[0] !== 'КоммерческаяИнформация') throw new ExchangeFileError(`Это не файл CommerceML: корневой элемент «${path[0]}»`);
    },
    onRecords: async (records) => {
      documents.push(...records.map((record) => record.element));
      if (documents.length > 10_000) throw new ExchangeFileError('В файле больше 10 000 документов');
    },
  });
  const mails: Mail[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const document of documents) {
      const result = await applyDocument(trx, ctx, document, mails);
      if (result === 'updated') updated++;
      else if (result === 'skipped') skipped++;
    }
  });
  ctx.mails.push(...mails);
  return { updated, skipped };
}

async function applyDocument(trx: Transaction<Database>, ctx: OrderChangesContext, document: XmlElement, mails: Mail[]): Promise<'updated' | 'unchanged' | 'skipped'> {
  const id = text(document, 'Ид');
  const number = text(document, 'Номер');
  const where = `Документ (Ид ${id || '—'}, Номер ${number || '—'})`;
  const note = (message: string) => {
    if (ctx.errors.length < 200) ctx.errors.push({ file: ctx.file, element: where, message });
  };
  if (text(document, 'ХозОперация') && text(document, 'ХозОперация') !== 'Заказ товара') return 'unchanged';
  let query = trx.selectFrom('orders').select(['id', 'number', 'status', 'dealer_id', 'external_id'])
    .where((eb) => eb.or([
      ...(/^\d{1,9}$/.test(id) ? [eb('id', '=', Number(id))] : []),
      ...(id ? [eb('external_id', '=', id)] : []),
      ...(number ? [eb('number', '=', number)] : []),
    ]));
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  const order = id || number ? await query.executeTakeFirst() : undefined;
  if (!order) {
    note('Заказ не найден в портале: документ пропущен');
    return 'skipped';
  }
  const target = statusOf(document);
  let changed = false;
  if (target && target !== order.status) {
    let steps: OrderStatus[];
    try {
      steps = stepsBetween('orders', order.status, target);
    } catch {
      note(`Статус «${STATUS_WORDS[target]}» не может следовать за «${STATUS_WORDS[order.status]}»: статус не изменён`);
      return 'skipped';
    }
    // Each step as a manager's action would make it: the stock first (409 when short), then the history and the dealer's mail.
    const stock = { trx, request: { server: { dialect: ctx.dialect } }, user: { user_id: null } };
    let from = order.status;
    try {
      for (const to of steps) {
        await moveStock(stock, order.id, from, to);
        const now = nowIso();
        await trx.updateTable('orders').set({ status: to, updated_at: now }).where('id', '=', order.id).execute();
        await recordChange(trx, 'orders', order.id, { from, to, by: null, at: now, actor: EXCHANGE_ACTOR });
        if (to !== 'new') await notifyDealer({ trx, afterCommit: (mail) => mails.push(mail), publicUrl: ctx.publicUrl, actor: null }, order.dealer_id, orderStatusNotice(order, to));
        from = to;
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'stock_short') {
        throw new ExchangeFileError(`на складах портала не хватает товара «${String(error.values?.product ?? '')}», чтобы подтвердить заказ: ни один заказ файла не изменён`, where);
      }
      throw error;
    }
    changed = true;
  }
  const shipment = shipmentNumber(document);
  if (shipment) {
    const shipping = await trx.selectFrom('shippings').select(['id', 'tracking_number']).where('order_id', '=', order.id).orderBy('id').executeTakeFirst();
    if (!shipping) {
      const now = nowIso();
      const { id: shippingId } = await trx.insertInto('shippings').values({ order_id: order.id, carrier: '', tracking_number: shipment, status: 'preparing', shipped_at: null, document_id: null, created_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await recordChange(trx, 'shippings', shippingId, { from: null, to: 'preparing', by: null, at: now, actor: EXCHANGE_ACTOR });
      changed = true;
    } else if (shipping.tracking_number !== shipment) {
      await trx.updateTable('shippings').set({ tracking_number: shipment }).where('id', '=', shipping.id).execute();
      changed = true;
    }
  }
  return changed ? 'updated' : 'unchanged';
}

/** «Номер отгрузки» (or «Номер накладной»), if 1C gives one. */
function shipmentNumber(document: XmlElement): string {
  for (const value of all(document, 'ЗначенияРеквизитов', 'ЗначениеРеквизита')) {
    const name = text(value, 'Наименование').toLowerCase();
    if (name === 'номер отгрузки' || name === 'номер накладной' || name === 'номер реализации') return text(value, 'Значение').slice(0, 100);
  }
  return '';
}
