// «Быстрый заказ» (design §13): an order typed by SKU. Three ways in — rows of SKU (with a typeahead
// on SKU and name) and quantity, pasted lines, a CSV file — and one way out: the SKUs are looked up
// in the dealer's catalogue, the good lines join the cart (merged with what is there), and the rest
// stay in the rows with why, to be corrected in place and added again.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Alert from 'antd/es/alert';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { token } from '@portal/shared/ui/tokens';
import type { ColumnsType } from 'antd/es/table';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import {
  addToCart, errorMessage, MAX_LINE_QUANTITY, selectIsStaff, useAppDispatch, useAppSelector, useTranslation, type DealerProduct,
} from '@portal/shared';
import { localeOf, Money } from '@portal/shared/ui/format';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { QuantityInput, quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { findProductsBySku, searchProducts } from './api';
import { decodeCsv, parseCsv, parsePastedLines, skuKey } from './order-lines';
import { emptyRow, isBlank, keepRows, keptRows, rowsOf, sortRows, type OrderRow } from './order-rows';
import { ScreenTitle, VISUALLY_HIDDEN } from '@portal/shared/ui/text';

/** A row with the product picked from the typeahead, if the SKU still reads as it, and its quantity as typed. */
type ScreenRow = OrderRow & { picked?: DealerProduct; typed?: string };

const LINE_LIMITS = { min: 1, max: MAX_LINE_QUANTITY } as const;

/** A row's quantity as its field shows it: as typed, as a paste or a file wrote it, or the number. */
const quantityText = (row: ScreenRow) => row.typed ?? row.written ?? (row.quantity === null ? '' : String(row.quantity));

type Outcome = { lines: number; units: number; toFix: number } | { failed: string } | { notice: string };

const PASTE_ID = 'quick-order-paste';
const PASTE_HINT_ID = 'quick-order-paste-hint';

/** A card's title as a heading of the screen's outline (antd draws it as a plain div). */
const CardTitle = ({ children }: { children: ReactNode }) => <h2 style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>{children}</h2>;

function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

export default function QuickOrderScreen() {
  const { t, language } = useTranslation('orders');
  const dispatch = useAppDispatch();
  // The rows to correct are kept when the user leaves (and after a reload), until added or removed.
  const [rows, setRows] = useState<ScreenRow[]>(() => {
    const kept = keptRows<ScreenRow>();
    return kept.length ? kept : [emptyRow()];
  });
  useEffect(() => keepRows(rows), [rows]);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const isStaff = useAppSelector(selectIsStaff);
  const { messageOf } = useQuantityCheck(LINE_LIMITS);
  const narrow = useIsNarrow();

  const change = (key: number, patch: Partial<ScreenRow>) => {
    setRows((current) => current.map((row) => {
      if (row.key !== key) return row;
      const next: ScreenRow = { ...row, ...patch };
      // What the user touches is no longer what was refused.
      if ('sku' in patch) {
        next.problems = { ...next.problems, sku: undefined };
        if (next.picked && skuKey(next.picked.sku) !== skuKey(next.sku)) next.picked = undefined;
      }
      if ('quantity' in patch) {
        next.problems = { ...next.problems, quantity: undefined };
        if (!('written' in patch)) next.written = undefined;
      }
      return next;
    }));
  };

  /** Looks the rows up and adds the good ones to the cart; the rows to correct, or null when nothing could be checked. */
  const add = async (source: ScreenRow[]): Promise<ScreenRow[] | null> => {
    const candidates = source.filter((row) => !isBlank(row));
    setBusy(true);
    try {
      const unpicked = candidates.filter((row) => !row.picked && row.sku.trim() !== '').map((row) => row.sku);
      const products = await findProductsBySku(unpicked);
      for (const row of candidates) if (row.picked) products.set(skuKey(row.sku), row.picked);
      const { add: lines, fix } = sortRows(candidates, products);
      lines.forEach((line) => dispatch(addToCart(line)));
      setOutcome({ lines: lines.length, units: lines.reduce((sum, line) => sum + line.quantity, 0), toFix: fix.length });
      return fix;
    } catch (err) {
      setOutcome({ failed: errorMessage(err) });
      return null;
    } finally {
      setBusy(false);
    }
  };

  const kept = (fix: ScreenRow[]) => (fix.length ? fix : [emptyRow()]);

  const addTable = async () => {
    if (rows.every(isBlank)) { setOutcome({ notice: t('quickOrder.nothing') }); return; }
    const fix = await add(rows);
    if (fix) setRows(kept(fix));
  };

  /** Lines from a paste or a file: the good join the cart, the rest join the rows below those already there. */
  const addLines = async (lines: ScreenRow[]) => {
    const fix = await add(lines);
    if (fix) setRows((current) => kept([...current.filter((row) => !isBlank(row)), ...fix]));
    return fix !== null;
  };

  const addPasted = async () => {
    const lines = rowsOf(parsePastedLines(pasted));
    if (!lines.length) { setOutcome({ notice: t('quickOrder.pasteEmpty') }); return; }
    if (await addLines(lines)) setPasted('');
  };

  const addCsv = async (file: File) => {
    try {
      const lines = rowsOf(parseCsv(decodeCsv(await readBytes(file))));
      if (!lines.length) { setOutcome({ notice: t('quickOrder.csvEmpty', { name: file.name }) }); return; }
      await addLines(lines);
    } catch (err) {
      setOutcome({ failed: t('quickOrder.csvFailed', { name: file.name, message: errorMessage(err) }) });
    }
  };

  const problemOf = (row: ScreenRow, field: 'sku' | 'quantity'): string | null => {
    const problem = row.problems?.[field];
    if (!problem) return null;
    if (problem === 'bad') {
      const max = MAX_LINE_QUANTITY.toLocaleString(localeOf(language));
      return row.written ? t('quickOrder.problems.badWritten', { written: row.written, max }) : t('quickOrder.problems.bad', { max });
    }
    return t(`quickOrder.problems.${problem}`, { sku: row.sku });
  };

  /**
   * A quantity typed: taken when it is one; otherwise kept as typed (the row's `written`, so the row
   * is refused with it, never rounded or clamped), its message under the field.
   */
  const typeQuantity = (row: ScreenRow, typed: string) => {
    const good = messageOf(typed) === null;
    change(row.key, { typed, quantity: good ? quantityOf(typed) : null, written: good || typed.trim() === '' ? undefined : typed });
  };

  // On a phone (below md) a row is its SKU (the product found, with its price, under it), its
  // quantity and its removal; the row's number and the product's own column wait for a wider screen.
  const found = (row: ScreenRow) => (
    <>
      {row.picked && <span>{row.picked.name} · <Money value={row.picked.dealer_price} /></span>}
      {row.line !== undefined && <Typography.Text type="secondary">{t('quickOrder.fromLine', { line: row.line })}</Typography.Text>}
    </>
  );
  const columns: ColumnsType<ScreenRow> = [
    { title: t('quickOrder.columns.line'), key: 'n', width: 48, responsive: ['md'], render: (_: unknown, _row, index) => index + 1 },
    {
      title: t('quickOrder.columns.sku'), key: 'sku',
      render: (_: unknown, row, index) => {
        const problem = problemOf(row, 'sku');
        return (
          <Flex vertical gap={2}>
            <SkuField value={row.sku} label={t('quickOrder.skuOf', { n: index + 1 })} placeholder={t('quickOrder.skuPlaceholder')} invalid={Boolean(problem)}
              width={narrow ? '100%' : 280}
              onChange={(sku) => change(row.key, { sku })} onPick={(product) => change(row.key, { sku: product.sku, picked: product })} />
            {problem && <Typography.Text type="danger" style={{ maxWidth: 280, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{problem}</Typography.Text>}
            {narrow && found(row)}
          </Flex>
        );
      },
    },
    {
      title: t('quickOrder.columns.quantity'), key: 'quantity',
      render: (_: unknown, row, index) => {
        const text = quantityText(row);
        // What is wrong with the text as it stands; for an empty field, only once the row was refused.
        const problem = (text.trim() ? messageOf(text) : null) ?? problemOf(row, 'quantity');
        return (
          <div style={{ maxWidth: narrow ? 120 : 220, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            <QuantityInput aria-label={t('quickOrder.quantityOf', { n: index + 1 })} limits={LINE_LIMITS} style={{ width: narrow ? 80 : 120 }}
              value={text} error={problem} onChange={(event) => typeQuantity(row, event.target.value)} />
          </div>
        );
      },
    },
    {
      title: t('quickOrder.columns.product'), key: 'product', responsive: ['md'],
      render: (_: unknown, row) => <Flex vertical gap={2}>{found(row)}</Flex>,
    },
    {
      // On a phone the column is as wide as its icon buttons: its name is for screen readers only.
      title: narrow ? <span style={VISUALLY_HIDDEN}>{t('quickOrder.columns.actions')}</span> : t('quickOrder.columns.actions'), key: 'actions', width: narrow ? 48 : 64,
      render: (_: unknown, row, index) => (
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('quickOrder.removeOf', { n: index + 1 })}
          onClick={() => setRows((current) => kept(current.filter((r) => r.key !== row.key)))} />
      ),
    },
  ];

  // Design §13: quick order is a dealer's (/api/dp/ answers dealers only); the menu does not lead staff here.
  if (isStaff) {
    return (
      <div>
        <ScreenTitle style={{ marginTop: 0 }}>{t('quickOrder.title')}</ScreenTitle>
        <Alert type="info" showIcon title={t('quickOrder.dealersOnly')} />
      </div>
    );
  }

  return (
    <div>
      <ScreenTitle style={{ marginTop: 0 }}>{t('quickOrder.title')}</ScreenTitle>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 820 }}>{t('quickOrder.lead')}</Typography.Paragraph>
      <div aria-live="polite">
        {outcome && 'lines' in outcome && outcome.lines > 0 && (
          <Alert type="success" showIcon style={{ marginBottom: 12 }} data-testid="quick-order-added"
            title={t('quickOrder.added', { lines: outcome.lines, units: outcome.units })}
            // In the text colour, underlined: the theme's link blue is under 4.5:1 on the dark success green.
            action={<Link to="../cart" style={{ color: token.colorText, textDecoration: 'underline' }}><ShoppingCartOutlined aria-hidden /> {t('quickOrder.toCartLink')}</Link>} />
        )}
        {outcome && 'lines' in outcome && outcome.toFix > 0 && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="quick-order-to-fix" title={t('quickOrder.toFix', { count: outcome.toFix })} />
        )}
        {outcome && 'failed' in outcome && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={outcome.failed} />}
        {outcome && 'notice' in outcome && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={outcome.notice} />}
      </div>
      <Card size="small" title={<CardTitle>{t('quickOrder.rows')}</CardTitle>} style={{ marginBottom: 16 }}>
        <Table<ScreenRow> rowKey="key" columns={columns} dataSource={rows} pagination={false} size="small" scroll={narrow ? undefined : { x: 'max-content' }} />
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setRows((current) => [...current, emptyRow()])}>{t('quickOrder.addRow')}</Button>
          <Button type="primary" icon={<ShoppingCartOutlined aria-hidden />} loading={busy} onClick={addTable}>{t('quickOrder.toCart')}</Button>
        </Flex>
      </Card>
      <Flex gap={16} wrap align="stretch">
        <Card size="small" title={<CardTitle>{t('quickOrder.paste')}</CardTitle>} style={{ flex: '1 1 380px' }}>
          <Flex vertical gap={8}>
            <label htmlFor={PASTE_ID}>{t('quickOrder.pasteLabel')}</label>
            <Input.TextArea id={PASTE_ID} aria-describedby={PASTE_HINT_ID} value={pasted} onChange={(event) => setPasted(event.target.value)}
              autoSize={{ minRows: 4, maxRows: 12 }} placeholder={t('quickOrder.pastePlaceholder')} spellCheck={false} />
            <Typography.Text type="secondary" id={PASTE_HINT_ID}>{t('quickOrder.pasteHint')}</Typography.Text>
            <div><Button type="primary" loading={busy} onClick={addPasted}>{t('quickOrder.pasteAdd')}</Button></div>
          </Flex>
        </Card>
        <Card size="small" title={<CardTitle>{t('quickOrder.csv')}</CardTitle>} style={{ flex: '1 1 300px' }}>
          <Flex vertical gap={8} align="start">
            <Typography.Text type="secondary">{t('quickOrder.csvHint')}</Typography.Text>
            <Upload accept=".csv,text/csv,text/plain" showUploadList={false} disabled={busy}
              // Read here, in the browser: the file itself goes nowhere.
              beforeUpload={(file) => { void addCsv(file); return false; }}>
              <Button icon={<UploadOutlined aria-hidden />} disabled={busy}>{t('quickOrder.csvChoose')}</Button>
            </Upload>
          </Flex>
        </Card>
      </Flex>
    </div>
  );
}

interface SkuFieldProps {
  value: string;
  label: string;
  placeholder: string;
  invalid: boolean;
  width: number | string;
  onChange(sku: string): void;
  onPick(product: DealerProduct): void;
}

/** The SKU with suggestions of products by SKU or name, asked for after a short pause in typing. */
function SkuField({ value, label, placeholder, invalid, width, onChange, onPick }: SkuFieldProps) {
  const [found, setFound] = useState<DealerProduct[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asking = useRef<AbortController | null>(null);

  useEffect(() => () => {
    clearTimeout(timer.current);
    asking.current?.abort();
  }, []);

  const search = (term: string) => {
    clearTimeout(timer.current);
    asking.current?.abort();
    if (term.trim().length < 2) { setFound([]); return; }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      asking.current = controller;
      searchProducts(term.trim(), controller.signal).then(
        (products) => { if (!controller.signal.aborted) setFound(products); },
        // Suggestions are a help only: without them the SKU is still checked when the line is added.
        () => { if (!controller.signal.aborted) setFound([]); },
      );
    }, 250);
  };

  return (
    <AutoComplete
      aria-label={label} placeholder={placeholder} value={value} status={invalid ? 'error' : undefined} style={{ width }}
      // antd draws the placeholder as text in its lightest grey (1.8:1): the description colour reads at AA in both themes.
      styles={{ placeholder: { color: token.colorTextDescription } }}
      options={found.map((product) => ({ value: product.sku, label: `${product.sku} — ${product.name}` }))}
      onSearch={search} onChange={onChange}
      onSelect={(sku: string) => { const product = found.find((p) => p.sku === sku); if (product) onPick(product); }}
    />
  );
}
