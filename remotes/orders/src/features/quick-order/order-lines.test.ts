import fc from 'fast-check';
import { MAX_LINE_QUANTITY } from '@portal/shared';
import { decodeCsv, parseCsv, parsePastedLines, readQuantity } from './order-lines';

describe('pasted lines', () => {
  it('read «SKU quantity» with a tab, spaces or a semicolon between, skipping blank lines', () => {
    expect(parsePastedLines('AB-CDE-01\t5\n\nAB-CDE-02   12\r\nAB-CDE-03;7\n  AB-CDE-04 ; 2 \n')).toEqual([
      { sku: 'AB-CDE-01', quantity: '5', line: 1 },
      { sku: 'AB-CDE-02', quantity: '12', line: 3 },
      { sku: 'AB-CDE-03', quantity: '7', line: 4 },
      { sku: 'AB-CDE-04', quantity: '2', line: 5 },
    ]);
  });

  it('keep a missing or bad quantity as written, for the user to correct', () => {
    expect(parsePastedLines('AB-CDE-01\nAB-CDE-02 2,5\nAB-CDE-03 -1')).toEqual([
      { sku: 'AB-CDE-01', quantity: '', line: 1 },
      { sku: 'AB-CDE-02', quantity: '2,5', line: 2 },
      { sku: 'AB-CDE-03', quantity: '-1', line: 3 },
    ]);
  });

  it('copied from a spreadsheet, a header row is skipped and a name with spaces stays in its own column', () => {
    expect(parsePastedLines('Артикул\tКоличество\tНаименование\nAB-CDE-01\t3\tНасос 2000 Вт')).toEqual([
      { sku: 'AB-CDE-01', quantity: '3', line: 2 },
    ]);
  });

  const sku = fc.stringMatching(/^[0-9A-Za-zА-Яа-яЁё._/-]{1,20}$/);
  const separator = fc.constantFrom('\t', ' ', ';', '   ', ' ; ', '\t\t', ' \t');
  const blank = fc.constantFrom('', '  ', '\t');
  const line = fc.record({ sku, quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), separator, before: blank, after: blank });

  it('property: every typed line comes back as its SKU and quantity, whatever the separators, blank lines and line ends', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(line, fc.boolean()), { minLength: 1, maxLength: 30 }),
      fc.constantFrom('\n', '\r\n', '\r'),
      (lines, end) => {
        // A blank line may follow any line; the SKU never reads as a header word here.
        fc.pre(lines.every(([l]) => !/^(артикул|арт\.?|sku|код|article|item|part|кол(ичество|-во|\.)?|qty|quantity|amount|count)$/i.test(l.sku)));
        const text = lines.map(([l, blankAfter]) => `${l.before}${l.sku}${l.separator}${l.quantity}${l.after}${blankAfter ? `${end}  ` : ''}`).join(end);
        const parsed = parsePastedLines(text);
        expect(parsed.map(({ sku: s, quantity }) => [s, readQuantity(quantity)])).toEqual(lines.map(([l]) => [l.sku, l.quantity]));
      },
    ));
  });

  it('property: any text at all is read without an error, into trimmed SKUs that hold no separator', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
      for (const parsed of parsePastedLines(text)) {
        expect(parsed.sku).toBe(parsed.sku.trim());
        expect(parsed.sku).not.toMatch(/[\t;\n\r]/);
        expect(parsed.line).toBeGreaterThanOrEqual(1);
      }
    }));
  });
});

describe('quantities', () => {
  it('are whole numbers from 1 to the API\'s limit; a digit group space is allowed', () => {
    expect(['5', ' 12 ', '1 000', '1000000'].map(readQuantity)).toEqual([5, 12, 1000, 1_000_000]);
    expect(['', '0', '-1', '2,5', '2.5', 'пять', '1000001', '1e3'].map(readQuantity)).toEqual(Array(8).fill(null));
  });
});

describe('CSV files', () => {
  it('with `;` and a header naming the columns in any order', () => {
    expect(parseCsv('\ufeffНаименование;Кол-во, шт;Артикул\r\n"Насос ""Вихрь""; 2 кВт";4;AB-CDE-01\r\n;;\r\nКлапан;10;AB-CDE-02\r\n')).toEqual([
      { sku: 'AB-CDE-01', quantity: '4', line: 2 },
      { sku: 'AB-CDE-02', quantity: '10', line: 4 },
    ]);
  });

  it('with `,` and no header, a quoted cell holding a comma', () => {
    expect(parseCsv('AB-CDE-01,3,"Насос, 2 кВт"\nAB-CDE-02,1')).toEqual([
      { sku: 'AB-CDE-01', quantity: '3', line: 1 },
      { sku: 'AB-CDE-02', quantity: '1', line: 2 },
    ]);
  });

  it('with `;` and decimal commas: a quantity of «2,5» is kept as written (and refused later)', () => {
    expect(parseCsv('SKU;Qty\nAB-CDE-01;2,5')).toEqual([{ sku: 'AB-CDE-01', quantity: '2,5', line: 2 }]);
  });

  it('UTF-8 is read as UTF-8, Windows-1251 (Russian Excel\'s default) as Windows-1251', () => {
    const text = 'Артикул;Количество\r\nБВ-ЩИТ-01;3\r\n';
    expect(decodeCsv(new TextEncoder().encode(text))).toBe(text);
    // Windows-1251: А-Я are 0xC0-0xDF, а-я 0xE0-0xFF.
    const cp1251 = Uint8Array.from([...text].map((c) => {
      const code = c.charCodeAt(0);
      return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
    }));
    expect(decodeCsv(cp1251)).toBe(text);
    expect(parseCsv(decodeCsv(cp1251))).toEqual([{ sku: 'БВ-ЩИТ-01', quantity: '3', line: 2 }]);
  });
});
