// What an import changes (issue 33 item 2, design §5 "Exchange with 1C"). `import.xml`: 1C's groups
// become categories («Электрика / Автоматы»), its products are created or updated by their 1C id
// (`external_id`), a product marked deleted is withdrawn (never deleted), and a full catalogue
// (`СодержитТолькоИзменения="false"`) withdraws the products it no longer names. `offers.xml` (and
// 2.08's prices and rests files): the price type of `exchange_price_type` sets each product's
// price; the quantities per warehouse set the store items, each change a stock movement
// `correction` with reason «Обмен с 1С» and the run's id, reserved quantities untouched.
//
// A file changes nothing unless it is read to its end: on PostgreSQL it is one transaction; on SQLite
// (one connection for the whole API) it is read through once first (`checkFile`: XML, encoding,
// DTD, the price type) and then written in short transactions, batch by batch, so that the portal
// goes on answering meanwhile. The state to compare with is read once per file into maps of hashes
// and numbers (a few tens of MB for 50 000 products), the file is read as a stream, and only what
// differs is written: a second, unchanged exchange writes no row.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso, toBool } from '../../db/dialect';
import { MAX_STOCK } from '../stock';
import { all, child, describe, ExchangeFileError, readRecords, text, yieldToLoop, type XmlElement } from './xml';

export const EXCHANGE_REASON = 'Обмен с 1С';
/** The warehouse of a quantity given for the product as a whole (CommerceML 2.03-2.05). */
export const DEFAULT_WAREHOUSE = 'Основной склад';
/** The category of a product 1C gives no group. */
export const NO_GROUP = 'Без группы';
/** At most this many errors are kept per run; the rest are counted. */
export const ERRORS_KEPT = 200;

export interface ExchangeError { file: string; element: string; message: string }

export interface ImportCounts { created: number; updated: number; withdrawn: number; skipped: number }

export interface ImportContext {
  /** Where to read and write now: the file's transaction, the batch's, or (SQLite, between batches) the database. */
  db: Kysely<Database>;
  /** Runs one batch's writes (setting `db`): in the file's one transaction, or in one of its own. */
  batch(write: () => Promise<void>): Promise<void>;
  runId: number;
  file: string;
  counts: ImportCounts;
  errors: ExchangeError[];
  chunks: AsyncIterable<Uint8Array>;
  /** Called between batches: the import is alive (the file's heartbeat). */
  alive?: () => Promise<void>;
}

const ROOT = 'КоммерческаяИнформация';
const BATCH = 100;

const note = (ctx: ImportContext, element: string, message: string) => {
  if (ctx.errors.length < ERRORS_KEPT) ctx.errors.push({ file: ctx.file, element, message });
};

const chunked = <T>(items: T[], size = BATCH): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const PACKAGES = new Set(['ПакетПредложений', 'ИзменениеПакетаПредложений']);

/** The records of an exchange file: its groups, warehouses, products, price types and offers. */
function isRecord(path: readonly string[]): boolean {
  if (path[0] !== ROOT) return false;
  const tail = path.slice(1).join('/');
  if (PACKAGES.has(path[1])) return ['ТипыЦен/ТипЦены', 'Склады/Склад', 'Предложения/Предложение'].includes(path.slice(2).join('/'));
  return tail === 'Классификатор/Группы/Группа' || tail === 'Классификатор/Склады/Склад' || tail === 'Каталог/СодержитТолькоИзменения' || tail === 'Каталог/Товары/Товар';
}

/** What the root's children say: a catalogue, offers, or neither (then the file is refused). */
function kindOf(path: readonly string[]): 'catalog' | 'offers' | undefined {
  if (path.length === 1 && path[0] !== ROOT) throw new ExchangeFileError(`Это не файл CommerceML: корневой элемент «${path[0]}», ожидался «${ROOT}»`);
  if (path.length !== 2) return undefined;
  return path[1] === 'Каталог' ? 'catalog' : PACKAGES.has(path[1]) ? 'offers' : undefined;
}

const NO_KIND = 'В файле нет ни каталога («Каталог»), ни предложений («ПакетПредложений»)';

/**
 * Reads the file through without writing: well-formed XML in its declared encoding, no DTD, a
 * catalogue or offers, a price type the setting can choose. What it lets through can only fail
 * on the database itself.
 */
export async function checkFile(chunks: AsyncIterable<Uint8Array>, setting: string): Promise<void> {
  let kind: 'catalog' | 'offers' | undefined;
  const types: PriceType[] = [];
  await readRecords(chunks, {
    isRecord: (path) => isRecord(path) && path[path.length - 1] === 'ТипЦены',
    onOpen: (path) => {
      kind ??= kindOf(path);
    },
    onRecords: async (records) => {
      for (const { element } of records) types.push({ id: text(element, 'Ид'), name: text(element, 'Наименование') });
    },
  });
  if (!kind) throw new ExchangeFileError(NO_KIND);
  if (types.length) choosePriceType(types, setting);
}

/** A file's kind by what its root holds: a catalogue (import) or offers (offers, prices, rests). */
export async function importFile(ctx: ImportContext): Promise<void> {
  let kind: 'catalog' | 'offers' | undefined;
  const catalog = new CatalogImport(ctx);
  const offers = new OffersImport(ctx);
  await readRecords(ctx.chunks, {
    isRecord,
    onOpen: (path, attrs) => {
      kind ??= kindOf(path);
      if (path.length === 2 && path[1] === 'Каталог' && attrs['СодержитТолькоИзменения'] !== undefined) catalog.onlyChanges = attrs['СодержитТолькоИзменения'] !== 'false';
    },
    onRecords: async (records) => {
      // The state to compare with is read before the first batch that needs it, outside any batch.
      if (records.some((record) => record.path.endsWith('/Товар'))) await catalog.load();
      if (records.some((record) => record.path.endsWith('/Предложение'))) await offers.load();
      await ctx.batch(() => batchOf(records));
    },
  });
  async function batchOf(records: Array<{ path: string; element: XmlElement }>) {
    for (const { path, element } of records) {
      const tail = path.split('/').slice(1).join('/');
      if (tail === 'Классификатор/Группы/Группа') await catalog.group(element, null);
      else if (tail.endsWith('/Склад')) await offers.warehouse(element, path);
      else if (tail === 'Каталог/СодержитТолькоИзменения') catalog.onlyChanges = element.text.trim() !== 'false';
      else if (tail === 'Каталог/Товары/Товар') await catalog.product(element, path);
      else if (tail.endsWith('ТипыЦен/ТипЦены')) offers.priceType(element);
      else await offers.offer(element, path);
    }
    await catalog.flush();
    await offers.flush();
    await ctx.alive?.();
  }
  if (!kind) throw new ExchangeFileError(NO_KIND);
  await ctx.batch(async () => {
    if (kind === 'catalog') await catalog.finish();
    await offers.flush();
  });
}

interface PriceType { id: string; name: string }

/** The id of the price type `setting` names among the file's (the only one when the setting is empty); throws when it cannot be told. */
export function choosePriceType(types: PriceType[], setting: string): string | null {
  const names = types.map((t) => `«${t.name}»`).join(', ');
  if (setting) {
    const found = types.find((t) => t.name.trim().toLowerCase() === setting.toLowerCase());
    if (!found && types.length) throw new ExchangeFileError(`Тип цен «${setting}» (настройка exchange_price_type) не найден в файле; в файле: ${names}. Выберите тип цен на экране «Обмен с 1С»`);
    return found?.id ?? null;
  }
  if (types.length > 1) throw new ExchangeFileError(`В файле несколько типов цен (${names}): выберите один на экране «Обмен с 1С» (настройка exchange_price_type)`);
  return types[0]?.id ?? null;
}

/** The setting `exchange_price_type`, trimmed ('' when unset). */
export const priceTypeSetting = async (db: Kysely<Database>) =>
  ((await db.selectFrom('variables').select('value').where('key', '=', 'exchange_price_type').executeTakeFirst())?.value ?? '').trim();

interface KnownProduct { id: number; hash: string; active: boolean }

const productHash = (p: { sku: string; name: string; description: string; category: string; unit: string }) =>
  createHash('sha1').update(JSON.stringify([p.sku, p.name, p.description, p.category, p.unit])).digest('base64');

/** An SKU the portal accepts (letters, digits, `._/-`, at most 64) from 1C's article. */
function skuOf(article: string, code: string, id: string): string {
  const clean = (value: string) => value.trim().replace(/\s+/g, '-').replace(/[^0-9A-Za-zА-Яа-яЁё._/-]/g, '').slice(0, 64);
  return clean(article) || clean(code) || clean(id).slice(0, 36);
}

class CatalogImport {
  onlyChanges = true;
  private known?: Map<string, KnownProduct>;
  private skus?: Map<string, { id: number; external: string | null }>;
  private groups?: Map<string, { name: string; parent: string | null }>;
  private readonly seen = new Set<number>();
  private pending: Array<{ externalId: string; sku: string; name: string; description: string; category: string; unit: string; active: boolean }> = [];

  constructor(private readonly ctx: ImportContext) {}

  /** A group and its subgroups, kept by their 1C ids. */
  async group(element: XmlElement, parent: string | null): Promise<void> {
    const id = text(element, 'Ид');
    const name = text(element, 'Наименование').slice(0, 300);
    if (!id || !name) {
      note(this.ctx, describe('Классификатор/Группы/Группа', element), 'Группа без Ид или наименования пропущена');
      return;
    }
    const trx = this.ctx.db;
    const groups = await this.groupMap();
    const before = groups.get(id);
    if (!before) await trx.insertInto('exchange_groups').values({ external_id: id, name, parent_id: parent }).execute();
    else if (before.name !== name || before.parent !== parent) await trx.updateTable('exchange_groups').set({ name, parent_id: parent }).where('external_id', '=', id).execute();
    groups.set(id, { name, parent });
    for (const sub of all(element, 'Группы', 'Группа')) await this.group(sub, id);
  }

  private async groupMap() {
    if (!this.groups) {
      const rows = await this.ctx.db.selectFrom('exchange_groups').selectAll().execute();
      this.groups = new Map(rows.map((row) => [row.external_id, { name: row.name, parent: row.parent_id }]));
    }
    return this.groups;
  }

  /** «Электрика / Автоматы» for the group; its own name when a parent is unknown. */
  private async categoryOf(groupId: string): Promise<string | undefined> {
    const groups = await this.groupMap();
    const names: string[] = [];
    for (let at: string | null = groupId, depth = 0; at && depth < 20; depth++) {
      const group = groups.get(at);
      if (!group) break;
      names.unshift(group.name);
      at = group.parent;
    }
    return names.length ? names.join(' / ').slice(0, 100) : undefined;
  }

  async load() {
    if (this.known && this.skus) return;
    this.known = new Map();
    this.skus = new Map();
    const trx = this.ctx.db;
    // In pages, each row reduced to its hash: a catalogue's descriptions are never all in memory.
    for (let after = 0; ;) {
      const rows = await trx.selectFrom('products').select(['id', 'sku', 'name', 'description', 'category', 'unit', 'is_active', 'external_id'])
        .where('id', '>', after).orderBy('id').limit(2000).execute();
      for (const row of rows) {
        this.skus.set(row.sku, { id: row.id, external: row.external_id });
        if (row.external_id) this.known.set(row.external_id, { id: row.id, hash: productHash(row), active: toBool(row.is_active) });
      }
      if (rows.length < 2000) break;
      after = rows[rows.length - 1].id;
      await yieldToLoop();
    }
  }

  async product(element: XmlElement, path: string): Promise<void> {
    await this.load();
    const where = describe(path, element);
    const externalId = text(element, 'Ид');
    const name = text(element, 'Наименование').slice(0, 300);
    if (!externalId || externalId.length > 100) return this.skip(where, 'У товара нет Ид (или он длиннее 100 знаков)');
    if (!name) return this.skip(where, 'У товара нет наименования');
    const deleted = text(element, 'ПометкаУдаления') === 'true' || element.attrs['Статус'] === 'Удален' || text(element, 'Статус') === 'Удален';
    const unitElement = child(element, 'БазоваяЕдиница');
    const unit = (unitElement?.text.trim() || unitElement?.attrs['НаименованиеКраткое'] || 'шт').slice(0, 20);
    const groupId = text(element, 'Группы', 'Ид');
    const known = this.known!.get(externalId);
    const category = (groupId ? await this.categoryOf(groupId) : undefined) ?? NO_GROUP;
    const description = text(element, 'Описание').slice(0, 20_000);
    let sku = skuOf(text(element, 'Артикул'), text(element, 'Код'), externalId);
    const holder = this.skus!.get(sku);
    if (holder && holder.external !== externalId && holder.external !== null) {
      const unique = `${sku.slice(0, 55)}-${externalId.replace(/[^0-9A-Za-z]/g, '').slice(0, 8)}`;
      note(this.ctx, where, `Артикул «${sku}» уже у другого товара из 1С: товару дан артикул «${unique}»`);
      sku = unique;
    }
    const fields = { sku, name, description, category, unit };
    if (known) {
      this.seen.add(known.id);
      const active = !deleted;
      const hash = productHash(fields);
      if (hash === known.hash && active === known.active) return;
      await this.ctx.db.updateTable('products').set({ ...fields, is_active: active }).where('id', '=', known.id).execute();
      if (!active && known.active) this.ctx.counts.withdrawn++;
      else this.ctx.counts.updated++;
      this.known!.set(externalId, { id: known.id, hash, active });
      this.skus!.set(sku, { id: known.id, external: externalId });
      return;
    }
    if (holder && holder.external === null) {
      // A product made in the portal with the same SKU is the same product: it is linked to 1C.
      this.seen.add(holder.id);
      await this.ctx.db.updateTable('products').set({ ...fields, is_active: !deleted, external_id: externalId }).where('id', '=', holder.id).execute();
      this.known!.set(externalId, { id: holder.id, hash: productHash(fields), active: !deleted });
      this.skus!.set(sku, { id: holder.id, external: externalId });
      if (deleted) this.ctx.counts.withdrawn++;
      else this.ctx.counts.updated++;
      return;
    }
    if (deleted) {
      this.ctx.counts.skipped++;
      return;
    }
    // Reserved until the batch is written, so that two products of one file never share an SKU.
    this.skus!.set(sku, { id: 0, external: externalId });
    this.pending.push({ externalId, ...fields, active: true });
  }

  private skip(where: string, message: string) {
    this.ctx.counts.skipped++;
    note(this.ctx, where, message);
  }

  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const now = nowIso();
    for (const batch of chunked(this.pending)) {
      const rows = await this.ctx.db.insertInto('products').values(batch.map((p) => ({
        sku: p.sku, name: p.name, description: p.description, category: p.category, unit: p.unit,
        price_cents: '0', is_active: p.active, created_at: now, external_id: p.externalId,
      }))).returning(['id', 'external_id']).execute();
      const byExternal = new Map(batch.map((p) => [p.externalId, p]));
      for (const row of rows) {
        const p = byExternal.get(row.external_id!)!;
        this.known!.set(p.externalId, { id: row.id, hash: productHash(p), active: true });
        this.skus!.set(p.sku, { id: row.id, external: p.externalId });
        this.seen.add(row.id);
      }
      this.ctx.counts.created += rows.length;
    }
    this.pending = [];
  }

  /** A full catalogue withdraws the active products from 1C it did not name. */
  async finish(): Promise<void> {
    await this.flush();
    if (this.onlyChanges || !this.known) return;
    const gone = [...this.known.values()].filter((p) => p.active && !this.seen.has(p.id)).map((p) => p.id);
    for (const ids of chunked(gone, 500)) {
      await this.ctx.db.updateTable('products').set({ is_active: false }).where('id', 'in', ids).execute();
    }
    this.ctx.counts.withdrawn += gone.length;
  }
}

interface Place { id: number; quantity: number; reserved: number }

/** A decimal of 1C's («1234.50», «1 234,50») as kopecks; null when it is not one. */
export function kopecksOf(value: string): bigint | null {
  const clean = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,13})(?:\.(\d{1,4}))?$/.exec(clean);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(4, '0');
  // Rounded half up to the kopeck.
  return BigInt(match[1]) * 100n + BigInt(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1n : 0n);
}

/** A quantity of 1C's as whole units ≥ 0 (fractions down, a negative balance as 0); null when it is not a number. */
export function unitsOf(value: string): number | null {
  const number = Number(value.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  if (!value.trim() || !Number.isFinite(number)) return null;
  return Math.min(MAX_STOCK, Math.max(0, Math.floor(number)));
}

class OffersImport {
  private priceTypes: PriceType[] = [];
  private chosenType?: string | null;
  private products?: Map<string, { id: number; price: bigint }>;
  private places?: Map<string, Place>;
  private byProduct?: Map<number, string[]>;
  private warehouses?: Map<string, string>;
  private names?: Set<string>;
  private movements: Array<{ store_item_id: number; quantity: number; change: number; total: number }> = [];

  constructor(private readonly ctx: ImportContext) {}

  priceType(element: XmlElement): void {
    const id = text(element, 'Ид');
    if (id) this.priceTypes.push({ id, name: text(element, 'Наименование') });
  }

  private async warehouseMap() {
    if (!this.warehouses || !this.names) {
      const trx = this.ctx.db;
      this.warehouses = new Map((await trx.selectFrom('exchange_warehouses').selectAll().execute()).map((row) => [row.external_id, row.name]));
      this.names = new Set((await trx.selectFrom('store_items').select('warehouse').distinct().execute()).map((row) => row.warehouse));
      for (const name of this.warehouses.values()) this.names.add(name);
    }
    return this.warehouses;
  }

  /** A warehouse 1C names: known by its id, linked by its name to one of the portal's, or created. */
  async warehouse(element: XmlElement, path: string): Promise<void> {
    const id = text(element, 'Ид');
    const name = text(element, 'Наименование').slice(0, 100);
    if (!id) return void note(this.ctx, describe(path, element), 'Склад без Ид пропущен');
    await this.warehouseName(id, name);
  }

  private async warehouseName(id: string, given = ''): Promise<string> {
    const warehouses = await this.warehouseMap();
    const known = warehouses.get(id);
    if (known) return known;
    let name = given || `Склад ${id.slice(0, 8)}`;
    const taken = new Set(warehouses.values());
    // A name another 1C warehouse has is made unique; a portal warehouse of that name is the same one.
    for (let n = 2; taken.has(name); n++) name = `${given.slice(0, 90)} (${n})`;
    await this.ctx.db.insertInto('exchange_warehouses').values({ external_id: id.slice(0, 100), name }).execute();
    if (!this.names!.has(name)) note(this.ctx, `Склад (Ид ${id})`, `Создан склад «${name}»`);
    warehouses.set(id, name);
    this.names!.add(name);
    return name;
  }

  async load() {
    if (this.products && this.places) return;
    const trx = this.ctx.db;
    this.products = new Map();
    for (let after = 0; ;) {
      const rows = await trx.selectFrom('products').select(['id', 'external_id', 'price_cents']).where('external_id', 'is not', null)
        .where('id', '>', after).orderBy('id').limit(5000).execute();
      for (const row of rows) this.products.set(row.external_id!, { id: row.id, price: BigInt(row.price_cents) });
      if (rows.length < 5000) break;
      after = rows[rows.length - 1].id;
      await yieldToLoop();
    }
    this.places = new Map();
    this.byProduct = new Map();
    for (let after = 0; ;) {
      const rows = await trx.selectFrom('store_items').innerJoin('products', 'products.id', 'store_items.product_id')
        .select(['store_items.id', 'store_items.product_id', 'store_items.warehouse', 'store_items.quantity', 'store_items.reserved'])
        .where('products.external_id', 'is not', null).where('store_items.id', '>', after).orderBy('store_items.id').limit(5000).execute();
      for (const row of rows) {
        this.places.set(`${row.product_id}\t${row.warehouse}`, { id: row.id, quantity: row.quantity, reserved: row.reserved });
        const list = this.byProduct.get(row.product_id) ?? [];
        list.push(row.warehouse);
        this.byProduct.set(row.product_id, list);
      }
      if (rows.length < 5000) break;
      after = rows[rows.length - 1].id;
      await yieldToLoop();
    }
    await this.warehouseMap();
  }

  /** The price type `exchange_price_type` names, among the file's; throws when it cannot be told. */
  private async chosen(): Promise<string | null> {
    if (this.chosenType === undefined) this.chosenType = choosePriceType(this.priceTypes, await priceTypeSetting(this.ctx.db));
    return this.chosenType;
  }

  async offer(element: XmlElement, path: string): Promise<void> {
    await this.load();
    const where = describe(path, element);
    const id = text(element, 'Ид');
    const { counts } = this.ctx;
    if (!id) {
      counts.skipped++;
      return void note(this.ctx, where, 'У предложения нет Ид');
    }
    if (id.includes('#')) {
      counts.skipped++;
      return void note(this.ctx, where, 'Характеристики товаров (Ид с «#») портал не ведёт: предложение пропущено');
    }
    const product = this.products!.get(id);
    if (!product) {
      counts.skipped++;
      return void note(this.ctx, where, 'Товар не найден: его нет ни в этом обмене, ни в прежних (import.xml)');
    }
    let changed = false;
    const prices = all(element, 'Цены', 'Цена');
    if (prices.length) {
      const type = await this.chosen();
      const price = prices.find((p) => type === null || text(p, 'ИдТипаЦены') === type);
      if (price) {
        const kopecks = kopecksOf(text(price, 'ЦенаЗаЕдиницу'));
        if (kopecks === null) {
          note(this.ctx, where, `Цена «${text(price, 'ЦенаЗаЕдиницу')}» не число: цена не изменена`);
        } else if (kopecks !== product.price) {
          await this.ctx.db.updateTable('products').set({ price_cents: kopecks.toString() }).where('id', '=', product.id).execute();
          product.price = kopecks;
          changed = true;
        }
      }
    }
    const quantities = await this.quantitiesOf(element, where);
    if (quantities) changed = (await this.setStock(product.id, quantities, where)) || changed;
    if (changed) counts.updated++;
  }

  /** The quantities per warehouse name the offer gives (with `perWarehouse` when 1C listed warehouses), or null for none. */
  private async quantitiesOf(element: XmlElement, where: string): Promise<{ perWarehouse: boolean; stock: Map<string, number> } | null> {
    const stock = new Map<string, number>();
    const add = async (warehouseId: string, value: string) => {
      const units = unitsOf(value);
      if (units === null) return void note(this.ctx, where, `Количество «${value}» не число: пропущено`);
      const name = await this.warehouseName(warehouseId);
      stock.set(name, (stock.get(name) ?? 0) + units);
    };
    // 2.07-2.08: <Склад ИдСклада="…" КоличествоНаСкладе="…"/> in the offer.
    for (const place of all(element, 'Склад')) if (place.attrs['ИдСклада']) await add(place.attrs['ИдСклада'], place.attrs['КоличествоНаСкладе'] ?? '0');
    // 2.09-2.10: <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>.
    for (const place of all(element, 'Остатки', 'Остаток', 'Склад')) if (text(place, 'Ид')) await add(text(place, 'Ид'), text(place, 'Количество'));
    if (stock.size) return { perWarehouse: true, stock };
    // 2.03-2.05 (and a total without warehouses): <Количество> for the product as a whole.
    const total = text(element, 'Количество') || text(element, 'Остатки', 'Остаток', 'Количество');
    if (!total) return null;
    const units = unitsOf(total);
    if (units === null) {
      note(this.ctx, where, `Количество «${total}» не число: пропущено`);
      return null;
    }
    stock.set(DEFAULT_WAREHOUSE, units);
    return { perWarehouse: false, stock };
  }

  /** Sets the product's store items to the quantities; answers whether any changed. */
  private async setStock(productId: number, given: { perWarehouse: boolean; stock: Map<string, number> }, where: string): Promise<boolean> {
    const targets = new Map(given.stock);
    if (given.perWarehouse) {
      // A warehouse of 1C's the offer does not list has none of the product left.
      const oneC = new Set(this.warehouses!.values());
      for (const warehouse of this.byProduct!.get(productId) ?? []) if (oneC.has(warehouse) && !targets.has(warehouse)) targets.set(warehouse, 0);
    }
    let changed = false;
    for (const [warehouse, wanted] of targets) {
      const key = `${productId}\t${warehouse}`;
      const place = this.places!.get(key);
      if (!place) {
        if (wanted === 0) continue;
        const row = await this.ctx.db.insertInto('store_items').values({ product_id: productId, warehouse, quantity: wanted, reserved: 0, updated_at: nowIso() })
          .returning('id').executeTakeFirstOrThrow();
        this.places!.set(key, { id: row.id, quantity: wanted, reserved: 0 });
        this.byProduct!.set(productId, [...(this.byProduct!.get(productId) ?? []), warehouse]);
        this.movements.push({ store_item_id: row.id, quantity: wanted, change: wanted, total: wanted });
        changed = true;
        continue;
      }
      // What orders reserved stays: never below it.
      const total = Math.max(wanted, place.reserved);
      if (total < wanted || wanted < place.reserved) note(this.ctx, where, `Склад «${warehouse}»: в 1С ${wanted}, заказы портала зарезервировали ${place.reserved}; остаток ${total}`);
      if (total === place.quantity) continue;
      await this.ctx.db.updateTable('store_items').set({ quantity: total, updated_at: nowIso() }).where('id', '=', place.id).execute();
      this.movements.push({ store_item_id: place.id, quantity: total, change: total - place.quantity, total });
      place.quantity = total;
      changed = true;
    }
    return changed;
  }

  async flush(): Promise<void> {
    if (!this.movements.length) return;
    const now = nowIso();
    for (const batch of chunked(this.movements)) {
      await this.ctx.db.insertInto('stock_movements').values(batch.map((m) => ({
        ...m, kind: 'correction' as const, reason: EXCHANGE_REASON, created_at: now, exchange_run_id: this.ctx.runId,
      }))).execute();
    }
    this.movements = [];
  }
}
