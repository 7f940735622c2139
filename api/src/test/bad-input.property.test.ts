// Bad input, generated (design §6: "bad input never yields a 500"). Every write endpoint of spec §7
// (each POST and PUT, JSON or multipart) and the open ones (sign-in, refresh, restore, registration)
// gets bodies that are invalid by construction: a field of the wrong type, a required field
// missing, unknown fields (prototype keys among them), strings of 200 000+ characters, junk nested
// thousands of levels deep, broken JSON, a wrong content type, multipart sent where JSON is
// expected, and for the multipart endpoints broken forms (wrong or no boundary, a truncated body,
// a file where none is expected, two files, a file of a refused type). Each must answer a 4xx
// with a JSON `message` and `code`, never a 5xx and never a 2xx, and change nothing: the row count
// of every table, and for a PUT the target row, are the same after the request as before.
// Staff endpoints are called as the admin (so that permission is not what refuses); those a
// dealer writes are called as the dealer too.
import fc from 'fast-check';
import { sql } from 'kysely';
import { call, createTestApp, formData, multipartBody, testDatabases, tokensFor, type FormPart, type TestApp } from './test-app';

type Kind = 'string' | 'int' | 'int?' | 'bool' | 'array' | 'enum' | 'decimal';
interface Field {
  kind: Kind;
  required?: boolean;
  /** The values of an `enum` field. */
  values?: string[];
}
type Role = 'visitor' | 'admin' | 'dealer';
type Fields = Record<string, Field>;

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  role: Role;
  fields: Fields;
  /** A valid body (only its field values; the generators break it). */
  valid: () => Record<string, unknown>;
  /** Spec §7 sends it as multipart form-data, with an optional or required file in this field. */
  form?: { fileField: string; fileRequired?: boolean };
  /** Sent as JSON here, but the endpoint takes multipart as well (lib/area.ts `form`). */
  takesForm?: boolean;
  /** The row a PUT changes. */
  target?: { table: Table; id: () => number };
}

const TABLES = [
  'users', 'dealer_groups', 'dealers', 'newsletters', 'variables', 'refresh_tokens', 'restore_tokens', 'registration_requests',
  'stored_files', 'products', 'store_items', 'orders', 'order_items', 'order_deletion_requests', 'shippings', 'claims', 'attachments',
  'contract_versions',
] as const;
type Table = typeof TABLES[number];

const str = (required = false): Field => ({ kind: 'string', required });
const int = (required = false): Field => ({ kind: 'int', required });
const nullableInt = (required = false): Field => ({ kind: 'int?', required });
const bool = (required = false): Field => ({ kind: 'bool', required });
/** Money or a percent: a JSON number or a decimal string (design §6). */
const decimal = (required = false): Field => ({ kind: 'decimal', required });
const oneOf = (values: string[], required = false): Field => ({ kind: 'enum', values, required });
const ORDER_STATUSES = ['new', 'confirmed', 'shipped', 'completed', 'cancelled'];

// ------------------------------------------------------------------------------------------------
// Generators. A body is a list of [key, raw JSON text] so that it can hold what JavaScript objects
// cannot: a `__proto__` key, a repeated key, junk nested deeper than JSON.stringify would go.

type Pairs = Array<[string, string]>;
const json = (value: unknown) => JSON.stringify(value);

/** 200 001 to 400 000 characters: over every maxLength of the API (the largest is 200 000). */
const hugeUnits = fc.tuple(fc.integer({ min: 200_001, max: 400_000 }), fc.constantFrom('x', 'я', '😀', '\\', '"', '<script>', '\u202e', ' '))
  .map(([length, unit]) => ({ unit, times: Math.ceil(length / [...unit].length) }));
const hugeText = hugeUnits.map(({ unit, times }) => unit.repeat(times));
/** The same texts as JSON strings, `json(hugeText)`: the unit escaped once and repeated, not a 400 000-character text escaped each time. */
const hugeJson = hugeUnits.map(({ unit, times }) => `"${json(unit).slice(1, -1).repeat(times)}"`);

/** Arrays or objects nested 500 to 20 000 levels deep, as JSON text. */
const deepJunk = fc.tuple(fc.integer({ min: 500, max: 20_000 }), fc.constantFrom('array', 'object', 'mixed'))
  .map(([depth, shape]) => {
    if (shape === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return `${'[{"b":'.repeat(depth)}null${'}]'.repeat(depth)}`;
  });

const anyJson = fc.oneof(
  fc.integer().map(json), fc.double().map((d) => (Number.isFinite(d) ? json(d) : '1e400')), fc.boolean().map(json), fc.constant('null'),
  fc.string().map(json), fc.array(fc.jsonValue(), { maxLength: 5 }).map(json), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 }).map(json),
);

/** Raw JSON that a field of this kind does not accept. */
function wrongValue(field: Field): fc.Arbitrary<string> {
  const text = fc.string().map(json);
  const nonInteger = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)).map(json);
  const array = fc.array(fc.jsonValue(), { maxLength: 3 }).map(json);
  const object = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }).map(json);
  const numbers = fc.oneof(fc.integer().map(json), nonInteger, fc.constantFrom('1e400', '-0.5', '1.5'));
  switch (field.kind) {
    case 'string': return fc.oneof(numbers, fc.boolean().map(json), fc.constant('null'), array, object);
    case 'enum': return fc.oneof(numbers, fc.boolean().map(json), fc.constant('null'), array, object, text.filter((t) => !field.values!.includes(JSON.parse(t))));
    case 'int': return fc.oneof(text, nonInteger, fc.boolean().map(json), fc.constant('null'), array, object, fc.constantFrom('"1"', '1e400', '[1]', '{"$gt":0}'));
    case 'int?': return fc.oneof(text, nonInteger, fc.boolean().map(json), array, object, fc.constantFrom('"1"', '"null"', '1e400', '[1]'));
    case 'bool': return fc.oneof(text, numbers, fc.constant('null'), array, object, fc.constantFrom('"true"', '0', '1'));
    case 'decimal': return fc.oneof(fc.boolean().map(json), fc.constant('null'), array, object, fc.constantFrom('"abc"', '"1,5"', '"1.005"', '1.005', '-1', '"-0.01"', '1e400', '"NaN"', '""', '"0x10"'));
    case 'array': return fc.oneof(text, numbers, fc.boolean().map(json), fc.constant('null'), object, fc.constantFrom('[]', '[1]', '[null]', '[[]]', '["x"]', '[{}]'));
  }
}

/** Names no item has: prototype keys and made-up ones. */
const extraName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isAdmin', '$where', ''),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `x_${s}`),
);
/** An unknown field; `constructor` with a `prototype` is the poisoning attempt. */
const extraPair: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(extraName, fc.oneof(anyJson, hugeJson, deepJunk)),
  fc.constant<[string, string]>(['constructor', '{"prototype":{"isAdmin":true}}']),
  fc.constant<[string, string]>(['__proto__', '{"isAdmin":true}']),
);

type Mutation =
  | { op: 'wrong'; field: string; raw: string }
  | { op: 'missing'; field: string }
  | { op: 'extra'; pair: [string, string] }
  | { op: 'huge'; field: string; raw: string }
  | { op: 'deep'; field: string; raw: string };

function mutation(fields: Fields): fc.Arbitrary<Mutation> {
  const names = Object.keys(fields);
  const required = names.filter((name) => fields[name].required);
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.constantFrom(...names).chain((field) => wrongValue(fields[field]).map((raw): Mutation => ({ op: 'wrong', field, raw }))),
    extraPair.map((pair): Mutation => ({ op: 'extra', pair })),
    fc.tuple(fc.constantFrom(...names), hugeJson).map(([field, raw]): Mutation => ({ op: 'huge', field, raw })),
    fc.tuple(fc.constantFrom(...names), deepJunk).map(([field, raw]): Mutation => ({ op: 'deep', field, raw })),
  ];
  if (required.length) options.push(fc.constantFrom(...required).map((field): Mutation => ({ op: 'missing', field })));
  return fc.oneof(...options);
}

/** Applies the mutations in turn; each leaves its field invalid, so the body is invalid. */
function mutate(valid: Record<string, unknown>, mutations: Mutation[]): Pairs {
  let pairs: Pairs = Object.entries(valid).map(([k, v]) => [k, json(v)]);
  const set = (field: string, raw: string) => {
    pairs = pairs.filter(([k]) => k !== field);
    pairs.push([field, raw]);
  };
  for (const m of mutations) {
    if (m.op === 'missing') pairs = pairs.filter(([k]) => k !== m.field);
    else if (m.op === 'extra') pairs.push(m.pair);
    else set(m.field, m.raw);
  }
  // A field removed as missing may come back only with an invalid value (wrong, huge or deep).
  return pairs;
}

const objectText = (pairs: Pairs) => `{${pairs.map(([k, raw]) => `${json(k)}:${raw}`).join(',')}}`;

/** JSON that does not parse. */
const brokenJson = (text: string) => fc.oneof(
  fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut)),
  fc.constantFrom('', '{', '{"a":}', '{"a":1,}', "{'a':1}", 'NaN', '{"a":1}}', '[', '\u0000', '{"a":"\\x"}', '{"a":01}', 'undefined', '{"a":1 "b":2}'),
  fc.string({ maxLength: 50 }).map((s) => `{${s}`).filter((s) => {
    try { JSON.parse(s); return false; } catch { return true; }
  }),
);

const WRONG_CONTENT_TYPES = [
  'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'text/html', 'text/json',
  'application/vnd.api+json', 'application/jsonx', 'multipart/mixed; boundary=x', 'multipart/form-data', 'image/png', '',
];

// Multipart.

type Part = FormPart;

const asText = (value: unknown) => (value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** Text a form field of this kind does not accept (form fields are text: no wrong types as such). */
function wrongText(field: Field): fc.Arbitrary<string> {
  switch (field.kind) {
    case 'int': return fc.oneof(fc.constantFrom('abc', '1.5', '1e3', '0x10', ' 1', '+1', '١', 'NaN', 'Infinity', '-', '0', '-5', '99999999999', '', 'null', 'true', '[1]'), hugeText);
    case 'int?': return fc.oneof(fc.constantFrom('abc', '1.5', '1e3', '0x10', ' 1', '+1', 'NaN', '0', '-5', '99999999999', 'undefined', 'true', '{}'), hugeText);
    case 'bool': return fc.constantFrom('yes', '1', 'TRUE', '', 'null');
    case 'decimal': return fc.oneof(fc.constantFrom('abc', '1,5', '1.005', '-1', 'NaN', '', '0x10'), hugeText);
    case 'enum': return fc.oneof(fc.string().filter((s) => !field.values!.includes(s)), hugeText);
    case 'array': return fc.oneof(
      fc.constantFrom('abc', '{}', '[]', '[1,2]', 'null', '[{"product":"x","quantity":1}]', '[{"product":1}]', '[{"product":1,"quantity":0}]',
        '[{"product":1,"quantity":1,"__proto__":{"x":1}}]', '[{"product":1,"quantity":1,"constructor":{"prototype":{}}}]', '{"0":{"product":1,"quantity":1}}'),
      deepJunk,
      hugeText,
    );
    case 'string': return hugeText;
  }
}

const pdf = () => ({ filename: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
/** Files the API refuses: an executable, one whose bytes contradict its declared type, an empty one. */
const badFile = fc.constantFrom(
  { filename: 'tool.exe', type: 'application/octet-stream', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
  { filename: 'photo.png', type: 'image/png', data: Buffer.from('%PDF-1.4 not a png') },
  { filename: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) },
  { filename: 'page.html', type: 'text/html', data: Buffer.from('<html><script>alert(1)</script></html>') },
);

type FormMutation =
  | { op: 'wrong'; field: string; text: string }
  | { op: 'missing'; field: string }
  | { op: 'extra'; name: string; text: string }
  | { op: 'duplicate'; field: string; text: string }
  | { op: 'unexpectedFile'; name: string }
  | { op: 'twoFiles' }
  | { op: 'badFile'; file: { filename: string; type: string; data: Buffer } };

function formMutation(endpoint: Endpoint): fc.Arbitrary<FormMutation> {
  const names = Object.keys(endpoint.fields);
  const required = names.filter((name) => endpoint.fields[name].required);
  const { fileField } = endpoint.form!;
  const options: Array<fc.Arbitrary<FormMutation>> = [
    fc.constantFrom(...names).chain((field) => wrongText(endpoint.fields[field]).map((text): FormMutation => ({ op: 'wrong', field, text }))),
    fc.tuple(extraName, fc.oneof(fc.string(), hugeText)).map(([name, text]): FormMutation => ({ op: 'extra', name: name || 'x_', text })),
    fc.tuple(fc.constantFrom(...names), fc.string()).map(([field, text]): FormMutation => ({ op: 'duplicate', field, text })),
    fc.constantFrom('photo', `${fileField}2`, '__proto__', ...names.filter((n) => n !== fileField)).map((name): FormMutation => ({ op: 'unexpectedFile', name })),
    fc.constant<FormMutation>({ op: 'twoFiles' }),
    badFile.map((file): FormMutation => ({ op: 'badFile', file })),
  ];
  if (required.length) options.push(fc.constantFrom(...required).map((field): FormMutation => ({ op: 'missing', field })));
  return fc.oneof(...options);
}

function formParts(endpoint: Endpoint, mutations: FormMutation[]): Part[] {
  const { fileField, fileRequired } = endpoint.form!;
  const fields = new Map(Object.entries(endpoint.valid()).map(([k, v]) => [k, asText(v)]));
  const removed = new Set<string>();
  const extra: Part[] = [];
  const duplicates: Part[] = [];
  let files: Part[] = fileRequired ? [{ name: fileField, file: pdf() }] : [];
  for (const m of mutations) {
    if (m.op === 'wrong') {
      if (!removed.has(m.field)) fields.set(m.field, m.text);
    } else if (m.op === 'missing') {
      fields.delete(m.field);
      removed.add(m.field);
    } else if (m.op === 'extra') extra.push({ name: m.name, value: m.text });
    else if (m.op === 'duplicate') duplicates.push({ name: m.field, value: m.text });
    else if (m.op === 'unexpectedFile') extra.push({ name: m.name, file: pdf() });
    else if (m.op === 'twoFiles') files = [{ name: fileField, file: pdf() }, { name: fileField, file: pdf() }];
    else files = [{ name: fileField, file: m.file }, ...files.filter((f) => f.name !== fileField)];
  }
  // A repeated field is refused; one removed as missing comes back twice, to stay refused.
  for (const part of duplicates) extra.push(...(fields.has(part.name) || extra.some((p) => p.name === part.name) ? [part] : [part, part]));
  return [...[...fields].map(([name, value]) => ({ name, value })), ...extra, ...files];
}

/** How the form travels: intact, with a header naming another boundary or none, or cut short. */
type Framing = { how: 'intact' } | { how: 'wrongBoundary' } | { how: 'noBoundary' } | { how: 'truncated'; at: number };
const framing: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Framing>({ how: 'intact' }) },
  { weight: 1, arbitrary: fc.constant<Framing>({ how: 'wrongBoundary' }) },
  { weight: 1, arbitrary: fc.constant<Framing>({ how: 'noBoundary' }) },
  { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((at): Framing => ({ how: 'truncated', at })) },
);

// ------------------------------------------------------------------------------------------------
// One generated request, printed short when fast-check reports it.

interface Sent {
  describe: string;
  body: string | Buffer;
  headers: Record<string, string>;
}
const short = (text: string) => (text.length > 300 ? `${text.slice(0, 150)}…(${text.length} chars)…${text.slice(-100)}` : text);
function sent(describe: string, body: string | Buffer, headers: Record<string, string>): Sent {
  return Object.assign({ describe, body, headers }, {
    [fc.toStringMethod]: () => `${describe} ${JSON.stringify(headers)} ${short(body.toString('latin1'))}`,
  });
}

function jsonRequests(endpoint: Endpoint): fc.Arbitrary<Sent> {
  const mutated = fc.array(mutation(endpoint.fields), { minLength: 1, maxLength: 3 })
    .map((mutations) => sent(`json ${mutations.map((m) => `${m.op}${'field' in m ? `:${m.field}` : ''}`).join(',')}`, objectText(mutate(endpoint.valid(), mutations)), { 'content-type': 'application/json' }));
  const broken = fc.constant(null).chain(() => brokenJson(json(endpoint.valid())))
    .map((text) => sent('broken json', text, { 'content-type': 'application/json' }));
  const contentType = fc.constantFrom(...WRONG_CONTENT_TYPES)
    .map((type) => sent(`content-type ${type || 'none'}`, json(endpoint.valid()), type ? { 'content-type': type } : {}));
  const options = [
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: broken },
    { weight: 2, arbitrary: contentType },
  ];
  if (!endpoint.form && !endpoint.takesForm) {
    // The valid fields as a form, where spec §7 says JSON.
    const asForm = fc.constant(null).map(() => {
      const form = formData(Object.fromEntries(Object.entries(endpoint.valid()).map(([k, v]) => [k, asText(v)])));
      return sent('multipart where JSON is expected', form.body, form.headers);
    });
    options.push({ weight: 1, arbitrary: asForm });
  }
  return fc.oneof(...options);
}

function formRequests(endpoint: Endpoint): fc.Arbitrary<Sent> {
  return fc.tuple(fc.array(formMutation(endpoint), { minLength: 0, maxLength: 3 }), framing, fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 30 }))
    // Intact framing needs a broken field or file; a broken framing is refused by itself.
    .filter(([mutations, frame]) => mutations.length > 0 || frame.how !== 'intact')
    .map(([mutations, frame, hex]) => {
      const boundary = `----fc${hex}`;
      let body = multipartBody(formParts(endpoint, mutations), boundary);
      let type = `multipart/form-data; boundary=${boundary}`;
      if (frame.how === 'wrongBoundary') type = 'multipart/form-data; boundary=----another';
      if (frame.how === 'noBoundary') type = 'multipart/form-data';
      if (frame.how === 'truncated') {
        // Cut anywhere before the closing delimiter is whole.
        const closing = body.lastIndexOf(`--${boundary}--`);
        body = body.subarray(0, Math.floor(frame.at * (closing + 2 + boundary.length)));
      }
      const what = mutations.map((m) => `${m.op}${'field' in m ? `:${m.field}` : ''}${'name' in m ? `:${m.name}` : ''}`).join(',');
      return sent(`form ${frame.how} ${what}`, body, { 'content-type': type });
    });
}

// ------------------------------------------------------------------------------------------------

describe.each(testDatabases())('bad input to every write endpoint on %s', (kind) => {
  let t: TestApp;
  const token: Partial<Record<Role, string>> = {};
  const ids: Record<string, number> = {};
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;

  async function ok(method: 'POST' | 'PUT', url: string, body: unknown, role: Role = 'admin', form?: ReturnType<typeof formData>): Promise<any> {
    const answer = form
      ? await call(t.app, method, url, { token: token[role], body: form.body, headers: form.headers })
      : await call(t.app, method, url, { token: token[role], body });
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
    return answer.json;
  }

  /** The row count of every table and, for a PUT, the target row (and an order's lines). */
  async function snapshot(target?: { table: Table; id: number }): Promise<string> {
    const counts = await sql<Record<string, unknown>>`select ${sql.join(TABLES.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`))}`.execute(t.app.db);
    const row = target ? await t.app.db.selectFrom(target.table).selectAll().where('id', '=', target.id).executeTakeFirst() : null;
    const lines = target?.table === 'orders' ? await t.app.db.selectFrom('order_items').selectAll().where('order_id', '=', target.id).orderBy('id').execute() : null;
    return JSON.stringify({ counts: Object.fromEntries(Object.entries(counts.rows[0]).map(([k, v]) => [k, Number(v)])), row, lines });
  }

  /**
   * The data as the last request judged to the end left it, and the target it was read for. Requests
   * run one after another and nothing else writes between them, so the data before a request is the
   * data after the one before it: one snapshot a request instead of two, and a write that lands
   * after its answer is still seen (by the next comparison).
   */
  let kept: { target: string; data: string } | null = null;

  /** The data before a request: as the last one left it, when read for the same target. */
  async function dataBefore(target?: { table: Table; id: number }): Promise<string> {
    const key = JSON.stringify(target ?? null);
    if (kept?.target !== key) kept = { target: key, data: await snapshot(target) };
    return kept.data;
  }

  /** What is wrong with the answer to a request that must be refused: null when it was refused well. */
  async function refusalProblem(response: { statusCode: number; json: () => any }, before: string, target?: { table: Table; id: number }): Promise<string | null> {
    kept = null; // read anew unless this answer is judged to the end
    let body: any;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    if (response.statusCode < 400 || response.statusCode >= 500) return `answered ${response.statusCode}`;
    if (typeof body?.message !== 'string' || typeof body?.code !== 'string') return 'no JSON message and code';
    const after = await snapshot(target);
    kept = { target: JSON.stringify(target ?? null), data: after };
    return after !== before ? 'a refused request changed the data' : null;
  }

  const orderFields: Fields = { items: { kind: 'array', required: true }, comment: str(), dealer: nullableInt(), status: oneOf(ORDER_STATUSES) };
  const orderDeletionFields: Fields = { order: int(true), reason: str(true), status: oneOf(['pending', 'approved', 'rejected']) };
  const shippingFields: Fields = { order: int(true), carrier: str(), tracking_number: str(), status: oneOf(['preparing', 'in_transit', 'delivered']) };
  const claimFields: Fields = { order: int(true), product: int(true), quantity: int(true), description: str(true), status: oneOf(['new', 'in_review', 'accepted', 'rejected', 'closed']), resolution: str() };
  const dealerFields: Fields = { name: str(true), legal_name: str(), tax_id: str(), group: nullableInt(true), email: str(), phone: str(), address: str(), is_active: bool() };
  const groupFields: Fields = { name: str(true), discount_percent: decimal(true), description: str() };
  const productFields: Fields = { sku: str(true), name: str(true), description: str(), category: str(true), unit: str(), price: decimal(true), is_active: bool() };
  // `reserved` is the orders' (ignored when sent).
  // A store item's quantity may be left out: a new one starts at 0, an edit keeps the total (stock moves by movements).
  const storeItemFields: Fields = { product: int(true), warehouse: str(true), quantity: int() };
  const newsletterFields: Fields = { title: str(true), body: str(true), audience: nullableInt(true), published: bool(true) };
  const variableFields: Fields = { key: str(true), value: str(true), description: str() };
  const regreqFields: Fields = { company_name: str(true), tax_id: str(true), contact_name: str(true), email: str(true), phone: str(true), comment: str() };
  const order = () => ({ items: [{ product: ids.product, quantity: ids.quantity }], comment: 'ok' });

  const endpoints: Endpoint[] = [
    // Open to visitors.
    { name: 'POST /api/token/', method: 'POST', url: () => '/api/token/', role: 'visitor', fields: { email: str(true), password: str(true) }, valid: () => ({ email: 'dealer@demo.test', password: 'demo-password' }) },
    { name: 'POST /api/token/refresh/', method: 'POST', url: () => '/api/token/refresh/', role: 'visitor', fields: { refresh: str(true) }, valid: () => ({ refresh: 'x.y.z' }) },
    { name: 'POST /api/restore/', method: 'POST', url: () => '/api/restore/', role: 'visitor', fields: { email: str(true) }, valid: () => ({ email: 'dealer@demo.test' }) },
    { name: 'POST /api/restore/{token}/', method: 'POST', url: () => '/api/restore/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/', role: 'visitor', fields: { password: str(true) }, valid: () => ({ password: 'a-new-password' }) },
    { name: 'POST /api/regreq/', method: 'POST', url: () => '/api/regreq/', role: 'visitor', fields: regreqFields, valid: () => ({ company_name: 'ООО Ромашка', tax_id: '7712345671', contact_name: 'Иван Петров', email: 'ivan@example.test', phone: '+7 495 111-22-33', comment: '' }) },
    // Creates, JSON.
    { name: 'POST /api/dealers/', method: 'POST', url: () => '/api/dealers/', role: 'admin', fields: dealerFields, valid: () => ({ name: 'Дилер', group: null, email: 'd@example.test', is_active: true }) },
    { name: 'POST /api/dealergroups/', method: 'POST', url: () => '/api/dealergroups/', role: 'admin', fields: groupFields, valid: () => ({ name: unique('Группа'), discount_percent: '7.50' }) },
    { name: 'POST /api/products/', method: 'POST', url: () => '/api/products/', role: 'admin', fields: productFields, valid: () => ({ sku: unique('SKU'), name: 'Товар', category: 'Тест', price: '10.00', is_active: true }) },
    { name: 'POST /api/storeitem/create/', method: 'POST', url: () => '/api/storeitem/create/', role: 'admin', fields: storeItemFields, valid: () => ({ product: ids.product, warehouse: unique('Склад'), quantity: 5 }) },
    { name: 'POST /api/orders/ (admin)', method: 'POST', url: () => '/api/orders/', role: 'admin', fields: orderFields, valid: () => ({ ...order(), dealer: ids.dealer }), takesForm: true },
    { name: 'POST /api/orders/ (dealer)', method: 'POST', url: () => '/api/orders/', role: 'dealer', fields: orderFields, valid: order, takesForm: true },
    { name: 'POST /api/orderdelreq/ (admin)', method: 'POST', url: () => '/api/orderdelreq/', role: 'admin', fields: orderDeletionFields, valid: () => ({ order: ids.spareOrder, reason: 'причина' }), takesForm: true },
    { name: 'POST /api/orderdelreq/ (dealer)', method: 'POST', url: () => '/api/orderdelreq/', role: 'dealer', fields: orderDeletionFields, valid: () => ({ order: ids.spareOrder, reason: 'причина' }), takesForm: true },
    { name: 'POST /api/shipping/create/', method: 'POST', url: () => '/api/shipping/create/', role: 'admin', fields: shippingFields, valid: () => ({ order: ids.confirmed, carrier: 'СДЭК' }), takesForm: true },
    { name: 'POST /api/claims/ (admin)', method: 'POST', url: () => '/api/claims/', role: 'admin', fields: claimFields, valid: () => ({ order: ids.shipped, product: ids.product, quantity: 1, description: 'Брак' }), takesForm: true },
    { name: 'POST /api/claims/ (dealer)', method: 'POST', url: () => '/api/claims/', role: 'dealer', fields: claimFields, valid: () => ({ order: ids.shipped, product: ids.product, quantity: 1, description: 'Брак' }), takesForm: true },
    { name: 'POST /api/newsletters/', method: 'POST', url: () => '/api/newsletters/', role: 'admin', fields: newsletterFields, valid: () => ({ title: 'Новость', body: '**text**', audience: null, published: false }) },
    { name: 'POST /api/variable/create/', method: 'POST', url: () => '/api/variable/create/', role: 'admin', fields: variableFields, valid: () => ({ key: unique('bad_input').replace('-', '_'), value: 'v' }) },
    // The agreement's publication (issue 18 item 6): a new version with what changed.
    { name: 'POST /api/contract/versions/', method: 'POST', url: () => '/api/contract/versions/', role: 'admin', fields: { text: str(true), summary: str(true) }, valid: () => ({ text: `# Договор ${unique('prop')}`, summary: 'Изменено' }) },
    // Creates, multipart.
    { name: 'POST /api/attachments/ (admin)', method: 'POST', url: () => '/api/attachments/', role: 'admin', fields: { name: str(), description: str(), dealer: nullableInt() }, valid: () => ({ description: 'док', dealer: ids.dealer }), form: { fileField: 'file', fileRequired: true } },
    { name: 'POST /api/attachments/ (dealer)', method: 'POST', url: () => '/api/attachments/', role: 'dealer', fields: { name: str(), description: str(), dealer: nullableInt() }, valid: () => ({ description: 'док' }), form: { fileField: 'file', fileRequired: true } },
    { name: 'POST /api/orders/ (dealer, form)', method: 'POST', url: () => '/api/orders/', role: 'dealer', fields: orderFields, valid: order, form: { fileField: 'document' } },
    { name: 'POST /api/orderdelreq/ (dealer, form)', method: 'POST', url: () => '/api/orderdelreq/', role: 'dealer', fields: orderDeletionFields, valid: () => ({ order: ids.spareOrder, reason: 'причина' }), form: { fileField: 'document' } },
    { name: 'POST /api/shipping/create/ (form)', method: 'POST', url: () => '/api/shipping/create/', role: 'admin', fields: shippingFields, valid: () => ({ order: ids.confirmed, carrier: 'СДЭК' }), form: { fileField: 'document' } },
    // Updates, JSON.
    { name: 'PUT /api/dealers/{id}/', method: 'PUT', url: () => `/api/dealers/${ids.dealerRow}/`, role: 'admin', fields: dealerFields, valid: () => ({ name: 'Дилер', group: null }), target: { table: 'dealers', id: () => ids.dealerRow } },
    { name: 'PUT /api/dealergroups/{id}/', method: 'PUT', url: () => `/api/dealergroups/${ids.group}/`, role: 'admin', fields: groupFields, valid: () => ({ name: 'Группа', discount_percent: '1.00' }), target: { table: 'dealer_groups', id: () => ids.group } },
    { name: 'PUT /api/regreq/{id}/', method: 'PUT', url: () => `/api/regreq/${ids.regreq}/`, role: 'admin', fields: { status: oneOf(['new', 'approved', 'rejected'], true), decision_reason: str(), group: nullableInt() }, valid: () => ({ status: 'rejected', decision_reason: 'нет' }), target: { table: 'registration_requests', id: () => ids.regreq } },
    { name: 'PUT /api/products/{id}/', method: 'PUT', url: () => `/api/products/${ids.productRow}/`, role: 'admin', fields: productFields, valid: () => ({ sku: 'PROP-ROW', name: 'Товар', category: 'Тест', price: '11.00' }), target: { table: 'products', id: () => ids.productRow } },
    { name: 'PUT /api/storeitems/{id}/', method: 'PUT', url: () => `/api/storeitems/${ids.storeItem}/`, role: 'admin', fields: storeItemFields, valid: () => ({ product: ids.product, warehouse: 'Склад PROP', quantity: 7 }), target: { table: 'store_items', id: () => ids.storeItem } },
    { name: 'PUT /api/claims/{id}/ (admin)', method: 'PUT', url: () => `/api/claims/${ids.claim}/`, role: 'admin', fields: claimFields, valid: () => ({ order: ids.shipped, product: ids.product, quantity: 1, description: 'Иначе', status: 'in_review' }), target: { table: 'claims', id: () => ids.claim }, takesForm: true },
    { name: 'PUT /api/claims/{id}/ (dealer)', method: 'PUT', url: () => `/api/claims/${ids.claim}/`, role: 'dealer', fields: claimFields, valid: () => ({ order: ids.shipped, product: ids.product, quantity: 1, description: 'Иначе' }), target: { table: 'claims', id: () => ids.claim }, takesForm: true },
    { name: 'PUT /api/newsletters/{id}/', method: 'PUT', url: () => `/api/newsletters/${ids.newsletter}/`, role: 'admin', fields: newsletterFields, valid: () => ({ title: 'Иначе', body: 'b', audience: null, published: true }), target: { table: 'newsletters', id: () => ids.newsletter } },
    { name: 'PUT /api/attachments/{id}/', method: 'PUT', url: () => `/api/attachments/${ids.attachment}/`, role: 'admin', fields: { name: str(), description: str(), dealer: nullableInt() }, valid: () => ({ name: 'иначе.pdf', description: 'иначе', dealer: null }), target: { table: 'attachments', id: () => ids.attachment }, takesForm: true },
    { name: 'PUT /api/variables/{id}/', method: 'PUT', url: () => `/api/variables/${ids.variable}/`, role: 'admin', fields: variableFields, valid: () => ({ key: 'prop_row', value: 'иначе' }), target: { table: 'variables', id: () => ids.variable } },
    // The form endpoints take JSON too.
    { name: 'PUT /api/orders/{id}/ (admin, JSON)', method: 'PUT', url: () => `/api/orders/${ids.order}/`, role: 'admin', fields: orderFields, valid: () => ({ ...order(), status: 'confirmed' }), target: { table: 'orders', id: () => ids.order }, takesForm: true },
    { name: 'PUT /api/orderdelreq/{id}/ (admin, JSON)', method: 'PUT', url: () => `/api/orderdelreq/${ids.deletion}/`, role: 'admin', fields: orderDeletionFields, valid: () => ({ order: ids.deletionOrder, reason: 'иначе', status: 'rejected' }), target: { table: 'order_deletion_requests', id: () => ids.deletion }, takesForm: true },
    { name: 'PUT /api/shippings/{id}/ (admin, JSON)', method: 'PUT', url: () => `/api/shippings/${ids.shipping}/`, role: 'admin', fields: shippingFields, valid: () => ({ order: ids.confirmed, carrier: 'ПЭК', status: 'in_transit' }), target: { table: 'shippings', id: () => ids.shipping }, takesForm: true },
    // Updates, multipart (spec §7).
    { name: 'PUT /api/orders/{id}/ (admin)', method: 'PUT', url: () => `/api/orders/${ids.order}/`, role: 'admin', fields: orderFields, valid: () => ({ ...order(), status: 'confirmed' }), form: { fileField: 'document' }, target: { table: 'orders', id: () => ids.order } },
    { name: 'PUT /api/orders/{id}/ (dealer)', method: 'PUT', url: () => `/api/orders/${ids.order}/`, role: 'dealer', fields: orderFields, valid: () => ({ ...order(), comment: 'иначе' }), form: { fileField: 'document' }, target: { table: 'orders', id: () => ids.order } },
    { name: 'PUT /api/orderdelreq/{id}/', method: 'PUT', url: () => `/api/orderdelreq/${ids.deletion}/`, role: 'admin', fields: orderDeletionFields, valid: () => ({ order: ids.deletionOrder, reason: 'иначе', status: 'rejected' }), form: { fileField: 'document' }, target: { table: 'order_deletion_requests', id: () => ids.deletion } },
    { name: 'PUT /api/shippings/{id}/', method: 'PUT', url: () => `/api/shippings/${ids.shipping}/`, role: 'admin', fields: shippingFields, valid: () => ({ order: ids.confirmed, carrier: 'ПЭК', status: 'in_transit' }), form: { fileField: 'document' }, target: { table: 'shippings', id: () => ids.shipping } },
  ];

  beforeAll(async () => {
    const many = { max: 1_000_000, windowMs: 60_000 };
    // The tokens below serve the whole file: they outlive it however slowly a busy machine runs it
    // (ACCESS_TOKEN_TTL's default, 5 minutes, did not on 2 loaded cores).
    t = await createTestApp(kind, { rateLimits: { login: many, refresh: many, restore: many, regreq: many }, accessTokenTtl: 3600 });
    token.dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
    token.admin = (await tokensFor(t.app, 'admin@demo.test')).access;
    ids.dealer = (await t.app.db.selectFrom('users').select('dealer_id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow()).dealer_id!;
    const dearest = (await call(t.app, 'GET', '/api/products/?is_active=true&ordering=-price&page_size=1', { token: token.admin })).json.results[0];
    ids.product = dearest.id;
    ids.quantity = Math.max(1, Math.ceil(5_000 / Number(dearest.price)));
    const newOrder = async () => (await ok('POST', '/api/orders/', order(), 'dealer')).id as number;
    const move = async (id: number, status: string) => ok('PUT', `/api/orders/${id}/`, { ...order(), status });
    ids.order = await newOrder();
    ids.spareOrder = await newOrder();
    ids.deletionOrder = await newOrder();
    ids.deletion = (await ok('POST', '/api/orderdelreq/', { order: ids.deletionOrder, reason: 'r' }, 'dealer')).id;
    ids.confirmed = await newOrder();
    await move(ids.confirmed, 'confirmed');
    ids.shipping = (await ok('POST', '/api/shipping/create/', { order: ids.confirmed, carrier: 'СДЭК' })).id;
    ids.shipped = await newOrder();
    await move(ids.shipped, 'confirmed');
    const parcel = (await ok('POST', '/api/shipping/create/', { order: ids.shipped })).id;
    await ok('PUT', `/api/shippings/${parcel}/`, { order: ids.shipped, status: 'in_transit' });
    ids.claim = (await ok('POST', '/api/claims/', { order: ids.shipped, product: ids.product, quantity: 1, description: 'c' }, 'dealer')).id;
    ids.dealerRow = (await ok('POST', '/api/dealers/', { name: 'Строка', group: null })).id;
    ids.group = (await ok('POST', '/api/dealergroups/', { name: 'Строка', discount_percent: '2.00' })).id;
    ids.regreq = (await ok('POST', '/api/regreq/', endpoints.find((e) => e.name === 'POST /api/regreq/')!.valid(), 'visitor')).id;
    ids.productRow = (await ok('POST', '/api/products/', { sku: 'PROP-ROW', name: 'Строка', category: 'Тест', price: '1.00' })).id;
    ids.storeItem = (await ok('POST', '/api/storeitem/create/', { product: ids.product, warehouse: 'Склад PROP', quantity: 1 })).id;
    ids.newsletter = (await ok('POST', '/api/newsletters/', { title: 'Строка', body: 'b', audience: null, published: false })).id;
    ids.variable = (await ok('POST', '/api/variable/create/', { key: 'prop_row', value: 'v' })).id;
    ids.attachment = (await ok('POST', '/api/attachments/', undefined, 'admin', formData({ description: 'строка' }, { file: { name: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n') } }))).id;
  });
  afterAll(async () => { await t?.close(); });

  // Runs per endpoint: multipart endpoints get more, their forms vary in more ways.
  const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 100);

  test.each(endpoints.map((e) => [e.name, e] as const))('%s: generated bad bodies answer 4xx with message and code and change nothing', async (_name, endpoint) => {
    const requests = endpoint.form ? fc.oneof({ weight: 3, arbitrary: formRequests(endpoint) }, { weight: 1, arbitrary: jsonRequests(endpoint) }) : jsonRequests(endpoint);
    const runs = endpoint.form ? Math.round(RUNS * 1.5) : RUNS;
    await fc.assert(fc.asyncProperty(requests, async (request) => {
      const target = endpoint.target ? { table: endpoint.target.table, id: endpoint.target.id() } : undefined;
      const before = await dataBefore(target);
      const headers = { ...request.headers, ...(token[endpoint.role] ? { authorization: `Bearer ${token[endpoint.role]}` } : {}) };
      const response = await t.app.inject({ method: endpoint.method, url: endpoint.url(), headers, payload: request.body });
      const problem = await refusalProblem(response, before, target);
      if (problem) throw new Error(`${endpoint.name}, ${request.describe}: ${problem}: ${response.statusCode} ${short(response.body)}`);
    }), { numRuns: runs });
  });

  test('list queries with prototype names for ordering, filters and unknown keys answer 200 or 4xx with message and code, never 5xx', async () => {
    const lists: Array<[string, Role]> = [
      ...['dealers', 'dealergroups', 'regreq', 'products', 'storeitems', 'orders', 'orderdelreq', 'shippings', 'claims', 'newsletters', 'attachments', 'variables', 'users']
        .map((area): [string, Role] => [`/api/${area}/`, 'admin']),
      ...['dp', 'news', 'dealers', 'orders', 'orderdelreq', 'shippings', 'claims', 'attachments'].map((area): [string, Role] => [`/api/${area}/`, 'dealer']),
    ];
    // Names every object inherits (lowercase ones pass the ordering pattern and reach the lookup).
    const prototypeNames = ['constructor', '__proto__', 'prototype', 'tostring', 'valueof', 'hasownproperty', '__definegetter__', 'isprototypeof', 'toString', 'valueOf'];
    const orderingName = fc.tuple(fc.boolean(), fc.constantFrom(...prototypeNames, 'id', 'created_at', 'name', 'status'))
      .map(([descending, name]) => `${descending ? '-' : ''}${name}`);
    const ordering = fc.array(orderingName, { minLength: 1, maxLength: 3 }).map((names) => names.join(','));
    const extraKey = fc.oneof(extraName, fc.constantFrom('status', 'dealer', 'published', 'audience', 'order', 'created_after', 'search', 'page', 'page_size'));
    const extraValue = fc.oneof(fc.constantFrom(...prototypeNames, '1', '-1', 'true', '[]', '{}', ''), fc.string({ maxLength: 20 }));
    const query = fc.tuple(fc.option(ordering), fc.array(fc.tuple(extraKey, extraValue), { maxLength: 3 }));
    await fc.assert(fc.asyncProperty(fc.constantFrom(...lists), query, async ([path, role], [order, pairs]) => {
      const search = new URLSearchParams(pairs);
      if (order !== null) search.set('ordering', order);
      const url = `${path}?${search.toString()}`;
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token[role]}` } });
      let body: any;
      try {
        body = response.json();
      } catch {
        body = undefined;
      }
      const inherited = order !== null && order.split(',').some((name) => prototypeNames.includes(name.replace(/^-/, '')));
      if (inherited && response.statusCode !== 400) throw new Error(`GET ${url} as ${role}: ordering by an inherited name answered ${response.statusCode} ${short(response.body)}`);
      if (response.statusCode === 200) return;
      if (response.statusCode < 400 || response.statusCode >= 500) throw new Error(`GET ${url} as ${role}: answered ${response.statusCode} ${short(response.body)}`);
      if (typeof body?.message !== 'string' || typeof body?.code !== 'string') throw new Error(`GET ${url} as ${role}: no JSON message and code`);
    }), { numRuns: RUNS * 4 });
  });

  test('ids in the path that are no ids (or no row) answer 4xx with message and code on every item route, and change nothing', async () => {
    const areas = ['dealers', 'dealergroups', 'regreq', 'products', 'dp', 'storeitems', 'orders', 'orderdelreq', 'shippings', 'claims', 'newsletters', 'attachments', 'variables', 'users'];
    const route = fc.tuple(fc.constantFrom(...areas), fc.constantFrom('GET', 'PUT', 'DELETE', 'GET download'));
    const badId = fc.oneof(
      fc.constantFrom('abc', '0', '-1', '1.5', '1e3', '0x1', '2147483647', '2147483648', '99999999999999999999', '0000', '%20', '%00', '%2e%2e', '..', 'null', 'undefined', '[]', '{}', '1;drop table users', "1'--", '%F0%9F%98%80'),
      // «.» is left out: a dot segment, which every client resolves before sending (`/api/dealers/./` is the list).
      fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^\s*[+-]?\d+\s*$/.test(s) && s !== '.').map(encodeURIComponent),
      fc.integer({ min: 201, max: 2_000 }).map((n) => 'x'.repeat(n)),
    );
    await fc.assert(fc.asyncProperty(route, badId, async ([area, how], id) => {
      const before = await dataBefore();
      const method = how === 'GET download' ? 'GET' : how as 'GET' | 'PUT' | 'DELETE';
      const url = `/api/${area}/${id}/${how === 'GET download' ? 'download/' : ''}`;
      const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token.admin}`, 'content-type': 'application/json' }, ...(method === 'PUT' ? { payload: '{}' } : {}) });
      const problem = await refusalProblem(response, before);
      if (problem) throw new Error(`${method} ${short(url)}: ${problem}: ${response.statusCode} ${short(response.body)}`);
    }), { numRuns: RUNS * 4 });
  });
});
