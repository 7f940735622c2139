// Demo data (design §7), loaded on the first start of a new database when DEMO_DATA is on: one
// account per role and two dealers (so that isolation can be seen), dealer groups and dealers, the
// known variables, news, a catalogue of 200 products with stock in two warehouses, orders in every
// status with shipping, deletion requests and claims, and attachments, all in Russian.
// Idempotent: it does nothing when the demo admin exists. Deterministic (a seeded generator; dates
// are relative to now) and fast: one transaction of batched inserts, since every API test file
// loads it.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewRow } from '../db/database';
import type { OrderStatus } from '../db/tables/orders';
import type { ClaimStatus } from '../db/tables/claims';
import type { ShippingStatus } from '../db/tables/shippings';
import { storeFile } from '../lib/files';
import { basisPointsOf, discounted, formatMoney, storedMoney } from '../lib/money';
import { stepsBetween, stepsTo } from '../lib/lifecycle';
import { hashPassword } from '../lib/passwords';
import { planReservations } from '../lib/stock';
import {
  demoCarriers, demoCategories, demoClaims, demoDealerGroups, demoDealers, demoDeletionRequests, demoNewsletters,
  demoOrderComments, demoOrderPlan, demoRegistrationRequests, demoVariables, demoWarehouses,
} from './demo-content';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'admin', first_name: 'Анна', last_name: 'Администратор', dealer: null, contract_signed: false },
  { email: 'manager@demo.test', role: 'manager', first_name: 'Михаил', last_name: 'Менеджеров', dealer: null, contract_signed: false },
  { email: 'dealer@demo.test', role: 'dealer', first_name: 'Дмитрий', last_name: 'Дилеров', dealer: 0, contract_signed: true },
  { email: 'dealer2@demo.test', role: 'dealer', first_name: 'Ольга', last_name: 'Партнёрова', dealer: 3, contract_signed: false },
] as const;

// One hash per password and cost for the life of the process (tests build many applications).
const hashes = new Map<string, Promise<string>>();
function sharedHash(password: string, log2N: number): Promise<string> {
  const key = `${log2N}:${password}`;
  if (!hashes.has(key)) hashes.set(key, hashPassword(password, log2N));
  return hashes.get(key)!;
}

/** A small seeded generator (mulberry32): the same demo data on every load. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `2026-000042`: the year the order was created and its id, zero-padded (unique with the id). */
export function orderNumber(id: number, createdAt: string): string {
  return `${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}

export interface DemoProduct {
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  price_cents: bigint;
  is_active: boolean;
}

/** The 200 products of demoCategories with their prices (kopecks); every 40th is inactive. */
export function demoProducts(): DemoProduct[] {
  const random = seededRandom(20_260_101);
  const products: DemoProduct[] = [];
  for (const category of demoCategories) {
    for (const line of category.lines) {
      line.variants.forEach((variant, index) => {
        const roubles = line.base * (1 + 0.22 * index) * (0.95 + random() * 0.1);
        // Dearer goods end in 90 roubles, cheap ones keep kopecks: 4 590.00, 12.40.
        const cents = roubles >= 100 ? BigInt(Math.round(roubles / 100) * 100 - 10) * 100n : BigInt(Math.round(roubles * 10)) * 10n;
        products.push({
          sku: `${category.code}-${line.code}-${String(index + 1).padStart(2, '0')}`,
          name: `${line.name} ${variant}`,
          description: line.description,
          category: category.name,
          unit: line.unit ?? 'шт',
          price_cents: cents,
          is_active: (products.length + 1) % 40 !== 0,
        });
      });
    }
  }
  return products;
}

/** A one-page PDF 1.4 with a few lines of ASCII text, with a correct cross-reference table. */
export function demoPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 14 Tf', '56 780 Td', '18 TL', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The price list as CSV the way Russian Excel opens it: UTF-8 with a BOM, `;` between fields. */
function priceListCsv(products: DemoProduct[]): Buffer {
  const quote = (text: string) => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const rows = products.filter((p) => p.is_active).map((p) => [p.sku, p.name, p.category, p.unit, formatMoney(p.price_cents).replace('.', ',')].map(quote).join(';'));
  return Buffer.from(`\ufeffАртикул;Наименование;Категория;Ед.;Цена, ₽\r\n${rows.join('\r\n')}\r\n`, 'utf8');
}

const DELIVERY_TERMS = [
  'Условия поставки',
  '',
  '1. Заказы, подтверждённые до 14:00, отгружаются на следующий рабочий день.',
  '2. Доставка до терминала транспортной компании в городе дилера — за счёт поставщика при заказе от 50 000 ₽.',
  '3. Претензии по количеству и качеству принимаются в течение 14 дней с момента получения.',
  '4. Резерв товара по неподтверждённому заказу держится 3 рабочих дня.',
  '',
].join('\n');

type Trx = Transaction<Database>;
const byKey = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row]));

export async function loadDemoData(db: Kysely<Database>, options: { password: string; scryptLog2N: number }): Promise<boolean> {
  const exists = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  if (exists) return false;
  // scrypt at full cost takes a noticeable fraction of a second: hash once, share the hash.
  const passwordHash = await sharedHash(options.password, options.scryptLog2N);
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
  const random = seededRandom(7_919);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const between = (low: number, high: number) => low + random() * (high - low);

  await db.transaction().execute(async (trx) => {
    // Multi-row inserts answer their ids; rows are matched by a unique column, not by position.
    const groups = byKey(await trx.insertInto('dealer_groups').values(demoDealerGroups).returning(['id', 'name']).execute(), (g) => g.name);
    const groupIds = demoDealerGroups.map((g) => groups.get(g.name)!.id);
    const dealerRows = byKey(await trx.insertInto('dealers').values(demoDealers.map(({ group, ...fields }, index) => (
      { ...fields, group_id: groupIds[group], is_active: true, created_at: daysAgo(200 - index * 20) }
    ))).returning(['id', 'name']).execute(), (d) => d.name);
    const dealerIds = demoDealers.map((d) => dealerRows.get(d.name)!.id);

    const users = byKey(await trx.insertInto('users').values(DEMO_ACCOUNTS.map((account) => ({
      email: account.email,
      password_hash: passwordHash,
      first_name: account.first_name,
      last_name: account.last_name,
      role: account.role,
      dealer_id: account.dealer === null ? null : dealerIds[account.dealer],
      is_active: true,
      contract_signed: account.contract_signed,
      contract_signed_at: account.contract_signed ? daysAgo(30) : null,
      date_joined: daysAgo(180),
    }))).returning(['id', 'email']).execute(), (u) => u.email);
    const adminId = users.get('admin@demo.test')!.id;
    const managerId = users.get('manager@demo.test')!.id;
    /** The demo account of a dealer (by index), if it has one. */
    const dealerUser = (dealer: number) => {
      const account = DEMO_ACCOUNTS.find((a) => a.dealer === dealer);
      return account ? users.get(account.email)!.id : null;
    };

    await trx.insertInto('variables').values(demoVariables).execute();
    // The agreement's first version, which the demo dealers marked as signed signed a month ago.
    const agreement = await trx.insertInto('contract_versions').values({
      number: 1, text: demoVariables.find((v) => v.key === 'contract_text')!.value, created_at: daysAgo(60), created_by: adminId,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('contract_signatures').values(DEMO_ACCOUNTS.filter((a) => a.contract_signed)
      .map((a) => ({ user_id: users.get(a.email)!.id, version_id: agreement.id, signed_at: daysAgo(30) }))).execute();
    await trx.insertInto('newsletters').values(demoNewsletters.map(({ audienceGroup, daysAgo: age, ...fields }, index) => ({
      ...fields,
      audience_group_id: audienceGroup === null ? null : groupIds[audienceGroup],
      published_at: fields.published ? daysAgo(age) : null,
      created_at: daysAgo(age + 1 + index / 100),
    }))).execute();

    await trx.insertInto('registration_requests').values(demoRegistrationRequests.map(({ daysAgo: age, decision_reason, ...fields }) => ({
      ...fields, created_at: daysAgo(age), decided_at: fields.status === 'new' ? null : daysAgo(age - 1), decision_reason: decision_reason ?? '', dealer_id: null,
    }))).execute();

    const catalogue = await loadCatalogue(trx, daysAgo);
    await loadOrders(trx, { catalogue, dealerIds, groupIds, dealerUser, managerId, adminId, daysAgo, pick, between, random, now });
    await loadAttachments(trx, { catalogue, dealerIds, adminId, daysAgo });
    // Stock movements (design §5): every demo quantity starts as an opening correction, as migration 0018 records them.
    await sql`insert into stock_movements (store_item_id, kind, quantity, change, total, reason, created_at)
      select id, 'correction', quantity, quantity, quantity, 'Начальный остаток', updated_at from store_items order by id`.execute(trx);
  });
  return true;
}

interface CatalogueRow extends DemoProduct { id: number }

async function loadCatalogue(trx: Trx, daysAgo: (days: number) => string): Promise<CatalogueRow[]> {
  const products = demoProducts();
  const random = seededRandom(31_337);
  const ids = byKey(await trx.insertInto('products').values(products.map((p, index) => ({
    ...p, price_cents: storedMoney(p.price_cents), created_at: daysAgo(365 - index / 2),
  }))).returning(['id', 'sku']).execute(), (p) => p.sku);
  const catalogue = products.map((p) => ({ ...p, id: ids.get(p.sku)!.id }));
  // Every product in both warehouses; Moscow holds more; a few are out of stock in St Petersburg.
  await trx.insertInto('store_items').values(catalogue.flatMap((product, index) => demoWarehouses.map((warehouse, w) => {
    const empty = w === 1 && index % 17 === 3;
    const quantity = empty ? 0 : Math.floor(random() * (w === 0 ? 400 : 150)) + 5;
    // What is reserved is the confirmed orders' (loadOrders).
    return { product_id: product.id, warehouse, quantity, reserved: 0, updated_at: daysAgo(random() * 10) };
  }))).execute();
  return catalogue;
}

/** How old (days) an order of each status is: the further along, the older. */
const ORDER_AGE: Record<OrderStatus, [number, number]> = {
  new: [0.1, 3], confirmed: [3, 10], shipped: [8, 25], completed: [30, 150], cancelled: [15, 120],
};

interface OrderContext {
  catalogue: CatalogueRow[];
  dealerIds: number[];
  groupIds: number[];
  dealerUser: (dealer: number) => number | null;
  managerId: number;
  adminId: number;
  daysAgo: (days: number) => string;
  pick: <T>(list: readonly T[]) => T;
  between: (low: number, high: number) => number;
  random: () => number;
  now: number;
}

async function loadOrders(trx: Trx, ctx: OrderContext): Promise<void> {
  const { catalogue, dealerIds, daysAgo, pick, between, random } = ctx;
  const active = catalogue.filter((p) => p.is_active);
  interface PlannedOrder {
    dealer: number; status: OrderStatus; age: number; items: Array<{ product: CatalogueRow; quantity: number; price: bigint; amount: bigint }>;
    total: bigint; comment: string; placeholder: string; updatedAge: number;
  }
  const planned: PlannedOrder[] = [];
  for (const { dealer, statuses } of demoOrderPlan) {
    const percent = demoDealerGroups[demoDealers[dealer].group].discount_percent;
    const discount = basisPointsOf(percent);
    for (const status of statuses) {
      const count = 1 + Math.floor(random() * 4);
      const chosen = new Set<CatalogueRow>();
      while (chosen.size < count) chosen.add(pick(active));
      const items = [...chosen].map((product) => {
        const quantity = product.price_cents < 50_000n ? 10 * (1 + Math.floor(random() * 10)) : 1 + Math.floor(random() * 8);
        const price = discounted(product.price_cents, discount);
        return { product, quantity, price, amount: price * BigInt(quantity) };
      });
      const [low, high] = ORDER_AGE[status];
      const age = between(low, high);
      planned.push({
        dealer, status, items, age, comment: pick(demoOrderComments),
        total: items.reduce((sum, item) => sum + item.amount, 0n), placeholder: `demo-${planned.length}`,
        updatedAge: status === 'new' ? age : Math.max(0.05, age - between(0.5, 5)),
      });
    }
  }
  // Oldest first, so that ids (and numbers) grow with the date.
  planned.sort((a, b) => b.age - a.age);
  const inserted = byKey(await trx.insertInto('orders').values(planned.map((order) => ({
    number: order.placeholder,
    dealer_id: dealerIds[order.dealer],
    status: order.status,
    total_cents: storedMoney(order.total),
    comment: order.comment,
    created_by: ctx.dealerUser(order.dealer) ?? ctx.managerId,
    created_at: daysAgo(order.age),
    updated_at: daysAgo(order.updatedAge),
  }))).returning(['id', 'number', 'created_at']).execute(), (o) => o.number);
  const orders = planned.map((order) => {
    const row = inserted.get(order.placeholder)!;
    return { ...order, id: row.id, createdAt: daysAgo(order.age) };
  });
  // The real numbers need the ids: one UPDATE with a CASE for every order.
  await trx.updateTable('orders')
    .set({ number: sql<string>`case ${sql.ref('id')} ${sql.join(orders.map((o) => sql`when ${o.id} then ${orderNumber(o.id, o.createdAt)}`), sql` `)} end` })
    .where('id', 'in', orders.map((o) => o.id))
    .execute();
  await trx.insertInto('order_items').values(orders.flatMap((order) => order.items.map((item) => ({
    order_id: order.id, product_id: item.product.id, quantity: item.quantity, price_cents: storedMoney(item.price), amount_cents: storedMoney(item.amount),
  })))).execute();

  await reserveDemoStock(trx, orders.filter((o) => o.status === 'confirmed'));

  // Each order's way to its status: created by its dealer, then moved by the manager step by step
  // between its creation and its last change; some cancellations come from a confirmed order.
  const history: Array<NewRow<'status_changes'>> = [];
  const approvedRequest = demoDeletionRequests.find((request) => request.status === 'approved');
  const cancelledOnRequest = approvedRequest ? orders.filter((o) => o.dealer === approvedRequest.dealer && o.status === 'cancelled')[approvedRequest.nth] : undefined;
  for (const order of orders) {
    // Half the cancelled orders were confirmed first.
    const path = order.status === 'cancelled' && random() >= 0.5
      ? [...stepsTo('orders', 'confirmed'), ...stepsBetween('orders', 'confirmed', 'cancelled')]
      : stepsTo('orders', order.status);
    history.push({ order_id: order.id, from_status: null, to_status: 'new', changed_by: ctx.dealerUser(order.dealer) ?? ctx.managerId, changed_at: daysAgo(order.age), comment: '' });
    path.reduce<OrderStatus>((from, to, step) => {
      const comment = to === 'cancelled' && order === cancelledOnRequest ? approvedRequest!.reason : '';
      history.push({
        order_id: order.id, from_status: from, to_status: to, changed_by: step % 3 === 2 ? ctx.adminId : ctx.managerId,
        changed_at: daysAgo(order.age - ((order.age - order.updatedAge) * (step + 1)) / path.length), comment,
      });
      return to;
    }, 'new');
  }

  // Shipping for what left the warehouse: a shipped order is being prepared or on its way; a
  // completed one was delivered. The first order on its way carries its waybill.
  const shipped = orders.filter((o) => o.status === 'shipped' || o.status === 'completed');
  let waybillGiven = false;
  const shippings = [];
  for (const [index, order] of shipped.entries()) {
    const status: ShippingStatus = order.status === 'completed' ? 'delivered' : index % 2 === 0 ? 'in_transit' : 'preparing';
    const carrier = demoCarriers[index % demoCarriers.length];
    let document: number | null = null;
    if (status === 'in_transit' && !waybillGiven) {
      waybillGiven = true;
      document = await storeFile(trx, {
        field: 'document', filename: `waybill-${orderNumber(order.id, order.createdAt)}.pdf`, mimetype: 'application/pdf',
        data: demoPdf([`Waybill for order ${orderNumber(order.id, order.createdAt)}`, `Carrier: ${carrier === 'СДЭК' ? 'CDEK' : 'transport company'}`, `Items: ${order.items.length}`, `Total: ${formatMoney(order.total)} RUB`]),
      });
    }
    shippings.push({
      order_id: order.id,
      carrier,
      tracking_number: status === 'preparing' ? '' : String(1_000_000_000 + Math.floor(random() * 8_999_999_999)),
      status,
      shipped_at: status === 'preparing' ? null : daysAgo(Math.max(0.05, order.age - 2)),
      document_id: document,
      created_at: daysAgo(Math.max(0.05, order.age - 1)),
    });
  }
  if (shippings.length) {
    const ids = await trx.insertInto('shippings').values(shippings).returning('id').execute();
    shippings.forEach((shipping, index) => {
      const id = ids[index].id;
      history.push({ shipping_id: id, from_status: null, to_status: 'preparing', changed_by: ctx.managerId, changed_at: shipping.created_at, comment: '' });
      if (shipping.shipped_at === null) return;
      history.push({ shipping_id: id, from_status: 'preparing', to_status: 'in_transit', changed_by: ctx.managerId, changed_at: shipping.shipped_at, comment: '' });
      if (shipping.status === 'delivered') {
        history.push({ shipping_id: id, from_status: 'in_transit', to_status: 'delivered', changed_by: ctx.managerId, changed_at: new Date(Date.parse(shipping.shipped_at) + 2 * 86_400_000).toISOString(), comment: '' });
      }
    });
  }

  const nthOrder = (dealer: number, status: OrderStatus, nth: number) => {
    const found = orders.filter((o) => o.dealer === dealer && o.status === status)[nth];
    if (!found) throw new Error(`demo data: dealer ${dealer} has no ${status} order #${nth}`);
    return found;
  };
  const requestRows = demoDeletionRequests.map((request) => {
    const order = nthOrder(request.dealer, request.orderStatus, request.nth);
    const age = Math.max(0.05, order.age - 0.5);
    return {
      order_id: order.id, reason: request.reason, status: request.status,
      created_by: ctx.dealerUser(request.dealer) ?? ctx.managerId,
      created_at: daysAgo(age),
      decided_at: request.status === 'pending' ? null : daysAgo(Math.max(0.02, age - 1)),
    };
  });
  const requestIds = await trx.insertInto('order_deletion_requests').values(requestRows).returning('id').execute();
  requestRows.forEach((request, index) => {
    const id = requestIds[index].id;
    history.push({ order_deletion_request_id: id, from_status: null, to_status: 'pending', changed_by: request.created_by, changed_at: request.created_at, comment: '' });
    if (request.decided_at === null) return;
    history.push({
      order_deletion_request_id: id, from_status: 'pending', to_status: request.status, changed_by: ctx.managerId, changed_at: request.decided_at,
      comment: request.status === 'rejected' ? 'Заказ уже собран на складе и передаётся в отгрузку.' : '',
    });
  });
  const claimRows = demoClaims.map((claim) => {
    const order = nthOrder(claim.dealer, 'completed', claim.nth);
    const item = order.items[0];
    return {
      order_id: order.id, product_id: item.product.id, quantity: Math.min(item.quantity, 2),
      reason: claim.reason, description: claim.description, status: claim.status, resolution: claim.resolution,
      created_by: ctx.dealerUser(claim.dealer) ?? ctx.managerId,
      created_at: daysAgo(Math.max(0.05, order.age - 5 - claim.nth)),
    };
  });
  const claimIds = await trx.insertInto('claims').values(claimRows).returning('id').execute();
  claimRows.forEach((claim, index) => {
    const id = claimIds[index].id;
    const created = Date.parse(claim.created_at);
    // A day between steps, never later than now.
    const at = (step: number) => new Date(Math.min(ctx.now - 3_600_000, created + step * 86_400_000)).toISOString();
    history.push({ claim_id: id, from_status: null, to_status: 'new', changed_by: claim.created_by, changed_at: claim.created_at, comment: '' });
    stepsTo('claims', claim.status).reduce<ClaimStatus>((from, to, step) => {
      history.push({ claim_id: id, from_status: from, to_status: to, changed_by: ctx.managerId, changed_at: at(step + 1), comment: to === 'closed' ? claim.resolution : '' });
      return to;
    }, 'new');
  });
  // In batches: SQLite takes a limited number of values in one statement.
  for (let start = 0; start < history.length; start += 500) await trx.insertInto('status_changes').values(history.slice(start, start + 500)).execute();
}

/**
 * The confirmed orders' reservations, as confirming them would have made (planReservations of
 * lib/stock.ts); a line the stock cannot cover is restocked first.
 */
async function reserveDemoStock(trx: Trx, orders: Array<{ id: number }>): Promise<void> {
  if (!orders.length) return;
  const lines = await trx.selectFrom('order_items').select(['id', 'order_id', 'product_id', 'quantity'])
    .where('order_id', 'in', orders.map((o) => o.id)).orderBy('id').execute();
  const stock = await trx.selectFrom('store_items').select(['id', 'product_id', 'quantity', 'reserved'])
    .where('product_id', 'in', lines.map((l) => l.product_id)).orderBy('id').execute();
  const plan = planReservations(lines, stock, (line, _index, available, places) => {
    places[0].quantity += line.quantity - available;
  });
  for (const item of stock) {
    await trx.updateTable('store_items').set({ quantity: item.quantity, reserved: item.reserved }).where('id', '=', item.id).execute();
  }
  const orderOf = new Map(lines.map((line) => [line.id, line.order_id]));
  await trx.insertInto('stock_reservations').values(plan.map((step) => ({
    order_id: orderOf.get(step.line)!, order_item_id: step.line, store_item_id: step.storeItem, quantity: step.quantity,
  }))).execute();
}

async function loadAttachments(trx: Trx, ctx: { catalogue: CatalogueRow[]; dealerIds: number[]; adminId: number; daysAgo: (days: number) => string }): Promise<void> {
  const { catalogue, dealerIds, adminId, daysAgo } = ctx;
  const files = [
    { name: 'Прайс-лист.csv', description: 'Действующие цены без скидки, все активные товары.', dealer: null, age: 20,
      upload: { filename: 'price-list.csv', mimetype: 'text/csv', data: priceListCsv(catalogue) } },
    { name: 'Каталог продукции 2026.pdf', description: 'Краткий каталог по категориям.', dealer: null, age: 40,
      upload: { filename: 'catalogue-2026.pdf', mimetype: 'application/pdf',
        data: demoPdf(['Product catalogue 2026', '', ...demoCategories.map((c, i) => `${i + 1}. ${c.code}: ${c.lines.length * 5} items`)]) } },
    { name: 'Условия поставки.txt', description: 'Сроки отгрузки, доставка, претензии.', dealer: null, age: 60,
      upload: { filename: 'delivery-terms.txt', mimetype: 'text/plain', data: Buffer.from(DELIVERY_TERMS, 'utf8') } },
    { name: 'Договор поставки № 17-Д.pdf', description: 'Подписанный экземпляр договора.', dealer: 0, age: 30,
      upload: { filename: 'contract-17-D.pdf', mimetype: 'application/pdf',
        data: demoPdf(['Supply agreement No. 17-D', 'Signed by both parties.']) } },
  ];
  const rows = [];
  for (const file of files) {
    const fileId = await storeFile(trx, { field: 'file', ...file.upload });
    rows.push({
      file_id: fileId, name: file.name, description: file.description,
      dealer_id: file.dealer === null ? null : dealerIds[file.dealer], uploaded_by: adminId, created_at: daysAgo(file.age),
    });
  }
  await trx.insertInto('attachments').values(rows).execute();
}
