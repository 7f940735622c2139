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
// goes on answering meanwhile. The file is read as a stream and written a batch of records (a slice
// of the file) at a time: the batch's products and store items are read by their ids, compared
// field by field, and only what differs is written, so a second, unchanged exchange writes no row.
// Nothing of the catalogue is held between batches but the ids of the products a full catalogue
// named: the memory an import takes does not grow with the catalogue.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso, toBool } from '../../db/dialect';
import { MAX_STOCK } from '../stock';
import { all, child, describe, ExchangeFileError, readRecords, text, type XmlElement } from './xml';

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
    onRecords: (records) => ctx.batch(() => batchOf(records)),
  });
  async function batchOf(records: Array<{ path: string; element: XmlElement }>) {
    for (const { path, element } of records) {
      const tail = path.split('/').slice(1).join('/');
      if (tail === 'Классификатор/Группы/Группа') await catalog.group(element, null);
      else if (tail.endsWith('/Склад')) await offers.warehouse(element, path);
      else if (tail === 'Каталог/СодержитТолькоИзменения') catalog.onlyChanges = element.text.trim() !== 'false';
      else if (tail === 'Каталог/Товары/Товар') await catalog.product(element, path);
      else if (tail.endsWith('ТипыЦен/ТипЦены')) offers.priceType(element);
      else offers.offer(element, path);
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

interface ProductFields { sku: string; name: string; description: string; category: string; unit: string }
interface IncomingProduct extends ProductFields { externalId: string; deleted: boolean; where: string }

/** An SKU the portal accepts (letters, digits, `._/-`, at most 64) from 1C's article. */
function skuOf(article: string, code: string, id: string): string {
  const clean = (value: string) => value.trim().replace(/\s+/g, '-').replace(/[^0-9A-Za-zА-Яа-яЁё._/-]/g, '').slice(0, 64);
  return clean(article) || clean(code) || clean(id).slice(0, 36) || `ID-${Buffer.from(id).toString('hex').slice(0, 32)}`;
}

const sameFields = (row: ProductFields, fields: ProductFields) =>
  row.sku === fields.sku && row.name === fields.name && row.description === fields.description && row.category === fields.category && row.unit === fields.unit;

/**
 * import.xml's products, a batch at a time: the batch's products are read from the database by
 * their 1C ids and SKUs, compared field by field, and only what differs is written. Nothing of the
 * catalogue is held between batches but the ids of the products it named (for a full catalogue).
 */
class CatalogImport {
  onlyChanges = true;
  private groups?: Map<string, { name: string; parent: string | null }>;
  private readonly seen = new Set<number>();
  private batch: IncomingProduct[] = [];

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

  /** A product of the file: checked now, written with its batch. */
  async product(element: XmlElement, path: string): Promise<void> {
    const where = describe(path, element);
    const externalId = text(element, 'Ид');
    const name = text(element, 'Наименование').slice(0, 300);
    if (!externalId || externalId.length > 100) return this.skip(where, 'У товара нет Ид (или он длиннее 100 знаков)');
    if (!name) return this.skip(where, 'У товара нет наименования');
    const unitElement = child(element, 'БазоваяЕдиница');
    const groupId = text(element, 'Группы', 'Ид');
    this.batch.push({
      externalId, name, where,
      deleted: text(element, 'ПометкаУдаления') === 'true' || element.attrs['Статус'] === 'Удален' || text(element, 'Статус') === 'Удален',
      sku: skuOf(text(element, 'Артикул'), text(element, 'Код'), externalId),
      unit: (unitElement?.text.trim() || unitElement?.attrs['НаименованиеКраткое'] || 'шт').slice(0, 20),
      category: (groupId ? await this.categoryOf(groupId) : undefined) ?? NO_GROUP,
      description: text(element, 'Описание').slice(0, 20_000),
    });
  }

  private skip(where: string, message: string) {
    this.ctx.counts.skipped++;
    note(this.ctx, where, message);
  }

  async flush(): Promise<void> {
    if (!this.batch.length) return;
    // The last of a product named twice in one batch counts.
    const batch = [...new Map(this.batch.map((p) => [p.externalId, p])).values()];
    this.batch = [];
    const db = this.ctx.db;
    const { counts } = this.ctx;
    const known = new Map((await db.selectFrom('products').select(['id', 'sku', 'name', 'description', 'category', 'unit', 'is_active', 'external_id'])
      .where('external_id', 'in', batch.map((p) => p.externalId)).execute()).map((row) => [row.external_id!, row]));
    const holders = new Map((await db.selectFrom('products').select(['id', 'sku', 'external_id'])
      .where('sku', 'in', [...new Set(batch.map((p) => p.sku))]).execute()).map((row) => [row.sku, row]));
    const taken = new Set<string>();
    const fresh: IncomingProduct[] = [];
    for (const p of batch) {
      const row = known.get(p.externalId);
      const holder = holders.get(p.sku);
      let sku = p.sku;
      // Another product holds the article: one of 1C's, or (for a product already linked) any other.
      const held = holder && (row ? holder.id !== row.id : holder.external_id !== null);
      if (held || taken.has(sku)) {
        sku = `${p.sku.slice(0, 55)}-${p.externalId.replace(/[^0-9A-Za-z]/g, '').slice(0, 8)}`;
        note(this.ctx, p.where, `Артикул «${p.sku}» уже у другого товара: товару дан артикул «${sku}»`);
      }
      taken.add(sku);
      const fields: ProductFields = { sku, name: p.name, description: p.description, category: p.category, unit: p.unit };
      const active = !p.deleted;
      if (row) {
        this.seen.add(row.id);
        if (sameFields(row, fields) && toBool(row.is_active) === active) continue;
        await db.updateTable('products').set({ ...fields, is_active: active }).where('id', '=', row.id).execute();
        if (!active && toBool(row.is_active)) counts.withdrawn++;
        else counts.updated++;
      } else if (holder && holder.external_id === null && sku === p.sku) {
        // A product made in the portal with the same SKU is the same product: it is linked to 1C.
        this.seen.add(holder.id);
        await db.updateTable('products').set({ ...fields, is_active: active, external_id: p.externalId }).where('id', '=', holder.id).execute();
        holder.external_id = p.externalId;
        if (p.deleted) counts.withdrawn++;
        else counts.updated++;
      } else if (p.deleted) {
        counts.skipped++;
      } else {
        fresh.push({ ...p, sku });
      }
    }
    const now = nowIso();
    for (const chunk of chunked(fresh)) {
      const rows = await db.insertInto('products').values(chunk.map((p) => ({
        sku: p.sku, name: p.name, description: p.description, category: p.category, unit: p.unit,
        price_cents: '0', is_active: true, created_at: now, external_id: p.externalId,
      }))).returning('id').execute();
      for (const row of rows) this.seen.add(row.id);
      counts.created += rows.length;
    }
  }

  /** A full catalogue withdraws the active products from 1C it did not name. */
  async finish(): Promise<void> {
    await this.flush();
    if (this.onlyChanges) return;
    const db = this.ctx.db;
    for (let after = 0; ;) {
      const rows = await db.selectFrom('products').select('id').where('external_id', 'is not', null).where('is_active', '=', true)
        .where('id', '>', after).orderBy('id').limit(5000).execute();
      const gone = rows.map((row) => row.id).filter((id) => !this.seen.has(id));
      for (const ids of chunked(gone, 500)) await db.updateTable('products').set({ is_active: false }).where('id', 'in', ids).execute();
      this.ctx.counts.withdrawn += gone.length;
      if (rows.length < 5000) break;
      after = rows[rows.length - 1].id;
    }
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
  /** The offers of the batch being read; checked and written together at its end. */
  private batch: Array<{ element: XmlElement; where: string; id: string }> = [];
  /** The batch's products and store items, read when the batch is written. */
  private products = new Map<string, { id: number; price: bigint }>();
  private places = new Map<string, Place>();
  private byProduct = new Map<number, string[]>();
  private warehouses?: Map<string, string>;
  private names?: Set<string>;
  private movements: Array<{ store_item_id: number; quantity: number; change: number; total: number }> = [];
  /** Prices and quantities this batch changes, written many to a statement. */
  private prices: Array<[id: number, kopecks: bigint]> = [];
  private quantities: Array<[id: number, quantity: number]> = [];
  /** Store items this batch makes (their id 0 until written). */
  private newPlaces: Array<{ productId: number; warehouse: string; place: Place }> = [];
  private oneCWarehouses?: Set<string>;

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
    for (let n = 2; taken.has(name); n++) name = `${(given || 'Склад').slice(0, 90)} (${n})`;
    await this.ctx.db.insertInto('exchange_warehouses').values({ external_id: id.slice(0, 100), name }).execute();
    if (!this.names!.has(name)) note(this.ctx, `Склад (Ид ${id})`, `Создан склад «${name}»`);
    warehouses.set(id, name);
    this.names!.add(name);
    this.oneCWarehouses = undefined;
    return name;
  }

  /** The price type `exchange_price_type` names, among the file's; throws when it cannot be told. */
  private async chosen(): Promise<string | null> {
    if (this.chosenType === undefined) this.chosenType = choosePriceType(this.priceTypes, await priceTypeSetting(this.ctx.db));
    return this.chosenType;
  }

  /** An offer of the file: checked now, written with its batch. */
  offer(element: XmlElement, path: string): void {
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
    this.batch.push({ element, where, id });
  }

  /** Reads the batch's products and their store items. */
  private async readBatch(): Promise<void> {
    const db = this.ctx.db;
    this.products = new Map((await db.selectFrom('products').select(['id', 'external_id', 'price_cents']).where('external_id', 'in', [...new Set(this.batch.map((o) => o.id))]).execute())
      .map((row) => [row.external_id!, { id: row.id, price: BigInt(row.price_cents) }]));
    this.places = new Map();
    this.byProduct = new Map();
    if (!this.products.size) return;
    const rows = await db.selectFrom('store_items').select(['id', 'product_id', 'warehouse', 'quantity', 'reserved'])
      .where('product_id', 'in', [...this.products.values()].map((p) => p.id)).execute();
    for (const row of rows) {
      this.places.set(`${row.product_id}\t${row.warehouse}`, { id: row.id, quantity: row.quantity, reserved: row.reserved });
      const list = this.byProduct.get(row.product_id);
      if (list) list.push(row.warehouse);
      else this.byProduct.set(row.product_id, [row.warehouse]);
    }
  }

  private async apply({ element, where, id }: { element: XmlElement; where: string; id: string }): Promise<void> {
    const { counts } = this.ctx;
    const product = this.products.get(id);
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
          this.prices.push([product.id, kopecks]);
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
      this.oneCWarehouses ??= new Set(this.warehouses!.values());
      for (const warehouse of this.byProduct.get(productId) ?? []) if (this.oneCWarehouses.has(warehouse) && !targets.has(warehouse)) targets.set(warehouse, 0);
    }
    let changed = false;
    for (const [warehouse, wanted] of targets) {
      const key = `${productId}\t${warehouse}`;
      const place = this.places.get(key);
      if (!place) {
        if (wanted === 0) continue;
        // Written with the batch, many rows to a statement.
        const created = { id: 0, quantity: wanted, reserved: 0 };
        this.places.set(key, created);
        this.newPlaces.push({ productId, warehouse, place: created });
        const list = this.byProduct.get(productId);
        if (list) list.push(warehouse);
        else this.byProduct.set(productId, [warehouse]);
        changed = true;
        continue;
      }
      // What orders reserved stays: never below it.
      const total = Math.max(wanted, place.reserved);
      if (total < wanted || wanted < place.reserved) note(this.ctx, where, `Склад «${warehouse}»: в 1С ${wanted}, заказы портала зарезервировали ${place.reserved}; остаток ${total}`);
      if (total === place.quantity) continue;
      if (place.id === 0) {
        // Made by this batch and not yet written: it is written with this quantity.
        place.quantity = total;
        continue;
      }
      this.quantities.push([place.id, total]);
      this.movements.push({ store_item_id: place.id, quantity: total, change: total - place.quantity, total });
      place.quantity = total;
      changed = true;
    }
    return changed;
  }

  async flush(): Promise<void> {
    if (this.batch.length) {
      await this.readBatch();
      for (const offer of this.batch) await this.apply(offer);
      this.batch = [];
    }
    const now = nowIso();
    // UPDATE … FROM (VALUES …): one statement for a batch's changes, in both databases.
    const db = this.ctx.db;
    for (const batch of chunked(this.prices)) {
      const rows = sql.join(batch.map(([id, kopecks]) => sql`(cast(${id} as integer), cast(${kopecks.toString()} as bigint))`));
      await sql`update products set price_cents = v.column2 from (values ${rows}) as v where products.id = v.column1`.execute(db);
    }
    this.prices = [];
    for (const batch of chunked(this.quantities)) {
      const rows = sql.join(batch.map(([id, quantity]) => sql`(cast(${id} as integer), cast(${quantity} as integer))`));
      await sql`update store_items set quantity = v.column2, updated_at = ${now} from (values ${rows}) as v where store_items.id = v.column1`.execute(db);
    }
    this.quantities = [];
    for (const batch of chunked(this.newPlaces)) {
      const rows = await this.ctx.db.insertInto('store_items')
        .values(batch.map((p) => ({ product_id: p.productId, warehouse: p.warehouse, quantity: p.place.quantity, reserved: 0, updated_at: now })))
        .returning(['id', 'product_id', 'warehouse']).execute();
      const byKey = new Map(rows.map((row) => [`${row.product_id}\t${row.warehouse}`, row.id]));
      for (const p of batch) {
        p.place.id = byKey.get(`${p.productId}\t${p.warehouse}`)!;
        this.movements.push({ store_item_id: p.place.id, quantity: p.place.quantity, change: p.place.quantity, total: p.place.quantity });
      }
    }
    this.newPlaces = [];
    for (const batch of chunked(this.movements)) {
      await this.ctx.db.insertInto('stock_movements').values(batch.map((m) => ({
        ...m, kind: 'correction' as const, reason: EXCHANGE_REASON, created_at: now, exchange_run_id: this.ctx.runId,
      }))).execute();
    }
    this.movements = [];
  }
}
