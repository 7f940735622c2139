// Decimal fields over HTTP (design §6): a JSON number or a decimal string is taken as DRF's
// DecimalField takes it and answered as a two-place string; more places or digits than the field
// keeps, or a value out of range, is a 400 that names the field and changes nothing.
import fc from 'fast-check';
import { client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from './test-app';

/** What a client may send for a decimal: numbers, decimal strings, exponents, junk. */
const decimalInput = fc.oneof(
  fc.integer({ min: -1_000, max: 10_000_000 }),
  fc.double({ min: -1e6, max: 1e15, noNaN: true }),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 4 })).map(([units, places]) => {
    const text = units.toString().padStart(places + 1, '0');
    return places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
  }),
  fc.constantFrom('1e3', '2.5E1', ' 12.30 ', '.5', '5.', '+1', '-0', '1,5', 'abc', '', 'NaN', '1e400', '0x1F', '١٢'),
);

/** The exact value in hundredths, or null when the text is no decimal the field keeps (an oracle in plain arithmetic). */
function expected(value: string | number, max: bigint): bigint | null {
  const text = String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return null;
  const fraction = m[3] ?? '';
  const exponent = Number(m[4] ?? 0);
  const scale = fraction.length - exponent;
  if (scale > 2) return null;
  const digits = BigInt(`${m[2]}${fraction}` || '0');
  const units = digits * 10n ** BigInt(2 - scale);
  const signed = m[1] === '-' ? -units : units;
  const wholeDigits = (digits === 0n ? '' : digits.toString()).length + Math.max(0, -scale);
  if (Math.max(wholeDigits, Math.max(0, scale)) > (max === 10_000n ? 5 : 14)) return null;
  return signed < 0n || signed > max ? null : signed;
}

const asText = (units: bigint) => `${units / 100n}.${String(units % 100n).padStart(2, '0')}`;

describe.each(testDatabases())('decimal input on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let groupId: number;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = client(t.app, (await tokensFor(t.app, 'admin@demo.test')).access);
    groupId = (await admin.post('/api/dealergroups/', { name: 'Свойства', discount_percent: 1 })).json.id;
    productId = (await admin.post('/api/products/', { sku: 'DEC-1', name: 'Десятичный', category: 'Тест', price: 10 })).json.id;
  });
  afterAll(async () => { await t?.close(); });

  test('the number 7 is a discount of "7.00" (it was refused as the wrong type)', async () => {
    const answer = await admin.put(`/api/dealergroups/${groupId}/`, { name: 'Свойства', discount_percent: 7 });
    expect(answer.status).toBe(200);
    expect(answer.json.discount_percent).toBe('7.00');
  });

  test('a price or a discount with too many places names the field', async () => {
    const answer = await admin.en('PUT', `/api/products/${productId}/`, { sku: 'DEC-1', name: 'Десятичный', category: 'Тест', price: '10.005' });
    expect(answer.status).toBe(400);
    expect(answer.json.fields).toEqual({ price: ['No more than 2 decimal places.'] });
    const group = await admin.put(`/api/dealergroups/${groupId}/`, { name: 'Свойства', discount_percent: 100.5 });
    expect(group.status).toBe(400);
    expect(group.json.fields).toEqual({ discount_percent: ['Слишком большое значение.'] });
  });

  /** Every generated value is stored exactly (and answered as a two-place string) or refused on `field` with nothing changed. */
  const storedExactlyOrRefused = (url: () => string, bodyWith: (value: unknown) => object, field: string, max: bigint) =>
    fc.assert(fc.asyncProperty(decimalInput, async (value) => {
      const before = (await admin.get(url())).json;
      const answer = await admin.put(url(), bodyWith(value));
      const want = expected(value, max);
      if (want === null) {
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.json.fields)).toEqual([field]);
        expect((await admin.get(url())).json).toEqual(before);
      } else {
        expect(answer.status).toBe(200);
        expect(answer.json[field]).toBe(asText(want));
      }
    }), { numRuns: 150 });

  test('any price is stored exactly or refused on its field, never a 500', () => storedExactlyOrRefused(
    () => `/api/products/${productId}/`, (price) => ({ sku: 'DEC-1', name: 'Десятичный', category: 'Тест', price }), 'price', 99_999_999_999_999n));

  test('any discount is stored exactly or refused on its field, never a 500', () => storedExactlyOrRefused(
    () => `/api/dealergroups/${groupId}/`, (discount) => ({ name: 'Свойства', discount_percent: discount }), 'discount_percent', 10_000n));
});
