// CommerceML files of our own making (issue 33 item 5), shaped as 1C writes them per schema
// version: 2.03-2.05 give a product's quantity as a whole (`Количество`) and the catalogue's
// "changes only" as an attribute; 2.07-2.08 give `<Склад ИдСклада КоличествоНаСкладе>` in the
// offer; 2.09-2.10 give `<Остатки><Остаток><Склад>` and "changes only" as an element too. Used by
// the exchange's tests and by bench/exchange.ts, and a driver that talks to the API as 1C does.
import type { FastifyInstance } from 'fastify';

export type SchemaVersion = '2.03' | '2.05' | '2.08' | '2.10';

export interface GroupSpec { id: string; name: string; groups?: GroupSpec[] }
export interface ProductSpec {
  id: string;
  sku?: string;
  name: string;
  group?: string;
  unit?: string;
  description?: string;
  deleted?: boolean;
}
export interface OfferSpec {
  id: string;
  /** Price type id → price as 1C writes it. */
  prices?: Record<string, string>;
  /** Warehouse id → quantity (2.08, 2.10), or the whole quantity (any version). */
  stock?: Record<string, number | string> | number | string;
}

const esc = (value: string) => value.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const head = (version: SchemaVersion, encoding: string) =>
  `<?xml version="1.0" encoding="${encoding}"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="${version}" ДатаФормирования="2026-11-30T12:00:00">\n`;

function groupXml(group: GroupSpec): string {
  const children = group.groups?.length ? `<Группы>${group.groups.map(groupXml).join('')}</Группы>` : '';
  return `<Группа><Ид>${esc(group.id)}</Ид><Наименование>${esc(group.name)}</Наименование>${children}</Группа>`;
}

export function productXml(p: ProductSpec): string {
  return `<Товар><Ид>${esc(p.id)}</Ид>${p.sku === undefined ? '' : `<Артикул>${esc(p.sku)}</Артикул>`}<Наименование>${esc(p.name)}</Наименование>`
    + `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">${esc(p.unit ?? 'шт')}</БазоваяЕдиница>`
    + (p.group ? `<Группы><Ид>${esc(p.group)}</Ид></Группы>` : '')
    + (p.description ? `<Описание>${esc(p.description)}</Описание>` : '')
    + (p.deleted ? '<ПометкаУдаления>true</ПометкаУдаления>' : '')
    + '</Товар>\n';
}

/** import.xml: the classifier's groups and the catalogue's products. */
export function importXml(options: { version?: SchemaVersion; groups?: GroupSpec[]; products: ProductSpec[]; full?: boolean; encoding?: string }): string {
  const version = options.version ?? '2.05';
  const onlyChanges = options.full ? 'false' : 'true';
  const flagElement = version >= '2.09' ? `<СодержитТолькоИзменения>${onlyChanges}</СодержитТолькоИзменения>` : '';
  return head(version, options.encoding ?? 'UTF-8')
    + `<Классификатор><Ид>cls-1</Ид><Наименование>Классификатор (Каталог товаров)</Наименование><Группы>${(options.groups ?? []).map(groupXml).join('')}</Группы></Классификатор>\n`
    + `<Каталог СодержитТолькоИзменения="${onlyChanges}"><Ид>cat-1</Ид><ИдКлассификатора>cls-1</ИдКлассификатора><Наименование>Каталог товаров</Наименование>${flagElement}<Товары>\n`
    + options.products.map(productXml).join('')
    + '</Товары></Каталог>\n</КоммерческаяИнформация>\n';
}

export function offerXml(version: SchemaVersion, o: OfferSpec): string {
  const prices = o.prices ? `<Цены>${Object.entries(o.prices).map(([type, price]) =>
    `<Цена><Представление>${esc(price)} руб. за шт</Представление><ИдТипаЦены>${esc(type)}</ИдТипаЦены><ЦенаЗаЕдиницу>${esc(price)}</ЦенаЗаЕдиницу><Валюта>руб</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`).join('')}</Цены>` : '';
  let stock = '';
  if (typeof o.stock === 'number' || typeof o.stock === 'string') stock = `<Количество>${o.stock}</Количество>`;
  else if (o.stock && version === '2.10') {
    stock = `<Остатки><Остаток>${Object.entries(o.stock).map(([wh, q]) => `<Склад><Ид>${esc(wh)}</Ид><Количество>${q}</Количество></Склад>`).join('')}</Остаток></Остатки>`;
  } else if (o.stock) {
    const total = Object.values(o.stock).reduce<number>((sum, q) => sum + Number(q), 0);
    stock = version < '2.07' ? `<Количество>${total}</Количество>`
      : `<Количество>${total}</Количество>${Object.entries(o.stock).map(([wh, q]) => `<Склад ИдСклада="${esc(wh)}" КоличествоНаСкладе="${q}"/>`).join('')}`;
  }
  return `<Предложение><Ид>${esc(o.id)}</Ид><Наименование>—</Наименование><БазоваяЕдиница Код="796">шт</БазоваяЕдиница>${prices}${stock}</Предложение>\n`;
}

/** offers.xml: the price types, the warehouses, each product's prices and quantities. */
export function offersXml(options: {
  version?: SchemaVersion; priceTypes?: Array<{ id: string; name: string }>; warehouses?: Array<{ id: string; name: string }>; offers: OfferSpec[]; encoding?: string;
}): string {
  const version = options.version ?? '2.05';
  const types = (options.priceTypes ?? []).map((t) => `<ТипЦены><Ид>${esc(t.id)}</Ид><Наименование>${esc(t.name)}</Наименование><Валюта>руб</Валюта></ТипЦены>`).join('');
  const warehouses = options.warehouses?.length ? `<Склады>${options.warehouses.map((w) => `<Склад><Ид>${esc(w.id)}</Ид><Наименование>${esc(w.name)}</Наименование></Склад>`).join('')}</Склады>` : '';
  return head(version, options.encoding ?? 'UTF-8')
    + `<ПакетПредложений СодержитТолькоИзменения="false"><Ид>cat-1#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-1</ИдКаталога><ИдКлассификатора>cls-1</ИдКлассификатора>`
    + `<ТипыЦен>${types}</ТипыЦен>${warehouses}<Предложения>\n`
    + options.offers.map((o) => offerXml(version, o)).join('')
    + '</Предложения></ПакетПредложений>\n</КоммерческаяИнформация>\n';
}

/** A sale file of 1C's: documents that change orders' statuses (and give a shipment's number). */
export function orderChangesXml(documents: Array<{ id: string; number?: string; status?: string; values?: Record<string, string> }>): string {
  return head('2.10', 'UTF-8') + documents.map((d) => {
    const values = { ...(d.status ? { 'Статус заказа': d.status } : {}), ...d.values };
    return `<Документ><Ид>${esc(d.id)}</Ид><Номер>${esc(d.number ?? '')}</Номер><Дата>2026-11-30</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль>`
      + `<ЗначенияРеквизитов>${Object.entries(values).map(([name, value]) => `<ЗначениеРеквизита><Наименование>${esc(name)}</Наименование><Значение>${esc(value)}</Значение></ЗначениеРеквизита>`).join('')}</ЗначенияРеквизитов></Документ>\n`;
  }).join('') + '</КоммерческаяИнформация>\n';
}

/** Text in windows-1251 (1C's other encoding): ASCII, Cyrillic, Ё/ё, №, the dashes and quotes we write. */
export function cp1251(value: string): Buffer {
  const special: Record<string, number> = { 'Ё': 0xa8, 'ё': 0xb8, '№': 0xb9, '—': 0x97, '–': 0x96, '«': 0xab, '»': 0xbb, '\u00a0': 0xa0 };
  const bytes = [...value].map((c) => {
    const code = c.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (special[c] !== undefined) return special[c];
    throw new Error(`no windows-1251 byte for ${c}`);
  });
  return Buffer.from(bytes);
}

/** One HTTP call of 1C's: through Fastify's inject (tests) or over the network (benchmarks). */
type Transport = (request: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: Buffer }) => Promise<{ status: number; body: string; headers: Record<string, unknown> }>;

const injecting = (app: FastifyInstance): Transport => async ({ method, url, headers, body }) => {
  const response = await app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, body: response.body, headers: response.headers };
};

const fetching = (base: string): Transport => async ({ method, url, headers, body }) => {
  const response = await fetch(`${base}${url}`, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
  return { status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) };
};

/** Talks to `/api/exchange/1c/` as 1C does: Basic auth at checkauth, then the session cookie. `target`: an app, or a portal's address. */
export function oneC(target: FastifyInstance | string, credentials: { login: string; key: string }, type: 'catalog' | 'sale' = 'catalog') {
  const transport = typeof target === 'string' ? fetching(target) : injecting(target);
  let cookie = '';
  const url = (mode: string, filename?: string) => `/api/exchange/1c/?type=${type}&mode=${mode}${filename ? `&filename=${encodeURIComponent(filename)}` : ''}`;
  const send = async (method: 'GET' | 'POST', mode: string, options: { filename?: string; body?: Buffer; authorization?: string } = {}) => {
    const response = await transport({
      method, url: url(mode, options.filename),
      headers: {
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(cookie ? { cookie } : {}),
        ...(options.body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      body: options.body,
    });
    return { status: response.status, body: response.body, lines: response.body.split('\n'), headers: response.headers };
  };
  const basic = `Basic ${Buffer.from(`${credentials.login}:${credentials.key}`).toString('base64')}`;
  return {
    send,
    async checkauth(authorization = basic) {
      const answer = await send('GET', 'checkauth', { authorization });
      if (answer.lines[0] === 'success') cookie = `${answer.lines[1]}=${answer.lines[2]}`;
      return answer;
    },
    init: () => send('GET', 'init'),
    /** Posts the file in parts of `limit` bytes, as 1C does when it is larger than init's file_limit. */
    async file(filename: string, data: Buffer | string, limit = Infinity) {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      const answers = [];
      for (let at = 0; at < bytes.length; at += Math.min(limit, bytes.length)) answers.push(await send('POST', 'file', { filename, body: bytes.subarray(at, at + limit) }));
      return answers;
    },
    /** Calls import until it answers something else than `progress`; answers that and how many `progress` came before. */
    async importUntilDone(filename: string, maxCalls = 10_000) {
      let progress = 0;
      for (let calls = 0; calls < maxCalls; calls++) {
        const answer = await send('GET', 'import', { filename });
        if (answer.lines[0] !== 'progress') return { ...answer, progress };
        progress++;
      }
      throw new Error(`import of ${filename} still in progress after ${maxCalls} calls`);
    },
    /** A whole catalogue exchange: checkauth, init, the files in parts, each imported until done. */
    async exchange(files: Array<[name: string, data: Buffer | string]>, limit?: number) {
      await this.checkauth();
      const init = await this.init();
      const fileLimit = limit ?? Number(/file_limit=(\d+)/.exec(init.body)?.[1] ?? Infinity);
      const results = [];
      for (const [name, data] of files) {
        await this.file(name, data, fileLimit);
        results.push(await this.importUntilDone(name));
      }
      return results;
    },
  };
}
