// «Корзина» (design §13): the lines kept in the browser (spec §4, key `cart`), their quantities to
// edit, «Очистить» with a confirm, an estimate of the total against the minimum order total, and
// «Оформить заказ». The server prices the order: the cart's prices are an estimate, and the cart
// is emptied only once the order is saved. A refusal keeps every line and puts the server's words
// next to the line concerned, or above the cart when they name none. A line above what is available
// now says so under its quantity («Доступно 26 шт.: остальное — под заказ»), and checkout lists
// those lines before the order is sent; the order may still be placed, the rest on back order.
// A quantity is the portal's quantity field: kept as typed, and what it cannot take («-5», «1,5»,
// more than a line holds) is said under it and stops the order, never rounded or clamped. On a phone
// (below md) the table keeps the product, the quantity, the line's amount and its removal.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import type { ColumnsType } from 'antd/es/table';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import {
  cartTotal, emptyCart, errorMessage, MAX_LINE_QUANTITY, removeFromCart, selectCart, selectCartError, selectIsStaff, setCartQuantity,
  toFormData, useAppDispatch, useAppSelector, useTranslation, type AreaUpload, type CartItem, type Order,
} from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@portal/shared/ui/file-upload';
import { formatFileSize, formatMoney, Money } from '@portal/shared/ui/format';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { QuantityInput, quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { ordersArea, type NewOrder } from '../orders/orders-slice';
import { formatCount, shortBy, ShortNote, unitAfterCount } from '../../components/stock-short';
import { fetchAvailability, fetchOrderSettings, type Availability, type OrderSettings } from './api';
import { checkoutErrors } from './checkout-errors';
import { amountMissing, decimalOf } from './minimum-order';
import { ScreenTitle } from '@portal/shared/ui/text';

type Settings = { state: 'loading' } | { state: 'ready'; settings: OrderSettings | null } | { state: 'failed'; message: string };

/** The server's refusal, its line messages kept by product so that they follow a line the user edits. */
interface Refusal {
  message: string;
  other: string[];
  byProduct: Record<number, string>;
}

const COMMENT_ID = 'cart-comment';
const LINE_LIMITS = { min: 1, max: MAX_LINE_QUANTITY } as const;
const quantityId = (product: number) => `cart-quantity-${product}`;

export default function CartScreen() {
  const { t, language } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const say = useSay();
  const items = useAppSelector(selectCart);
  const storageError = useAppSelector(selectCartError);
  const isStaff = useAppSelector(selectIsStaff);
  const [settings, setSettings] = useState<Settings>({ state: 'loading' });
  const [comment, setComment] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [documentRefused, setDocumentRefused] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [stock, setStock] = useState<Map<number, Availability> | null>(null);
  // Each line's quantity as typed (by product) while it differs from the cart's: a text the field
  // cannot take stays here, said under the field, and the cart keeps the last quantity it took.
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const { messageOf } = useQuantityCheck(LINE_LIMITS);
  const narrow = useIsNarrow();
  const textOf = (item: CartItem) => drafts[item.product] ?? String(item.quantity);
  // Asked again when the cart's products change, not their quantities.
  const skus = [...new Set(items.map((item) => item.sku))].sort().join(',');

  useEffect(() => {
    if (isStaff) return undefined;
    let current = true;
    fetchOrderSettings().then(
      (read) => { if (current) setSettings({ state: 'ready', settings: read }); },
      (err: unknown) => { if (current) setSettings({ state: 'failed', message: errorMessage(err) }); },
    );
    return () => { current = false; };
  }, [isStaff]);

  useEffect(() => {
    if (isStaff || !skus) return undefined;
    let current = true;
    // Without an answer the cart works on with no stock hints; the order is checked by the manager.
    fetchAvailability(skus.split(',')).then((found) => { if (current) setStock(found); }, () => { if (current) setStock(null); });
    return () => { current = false; };
  }, [isStaff, skus]);

  /** The line's shortage words, or null when there is enough (or nothing is known). */
  const shortOf = (item: CartItem): string | null => {
    const known = stock?.get(item.product);
    if (!known || !shortBy(item.quantity, known.available)) return null;
    return known.available > 0
      ? t('cart.short', { available: formatCount(known.available, language), unit: unitAfterCount(known.unit, language) })
      : t('cart.noneShort');
  };

  const total = cartTotal(items);
  const limitBytes = DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024;
  const limit = formatFileSize(limitBytes, language);

  const chooseDocument = (file: File) => {
    if (file.size > limitBytes) {
      setDocumentRefused(t('cart.documentTooBig', { name: file.name, size: formatFileSize(file.size, language), limit }));
      return;
    }
    setDocumentRefused(null);
    setDocument(file);
  };

  const checkout = async () => {
    // A quantity the field refused goes nowhere: the focus goes to it, its message says why.
    const wrong = items.find((item) => messageOf(textOf(item)) !== null);
    if (wrong) {
      globalThis.document.getElementById(quantityId(wrong.product))?.focus();
      return;
    }
    setRefusal(null);
    setSending(0);
    // The lines as sent: what the server's `items.<n>` means, whatever the user does meanwhile.
    const sent = items;
    // The lines as product and quantity only: the server prices them.
    const lines = sent.map(({ product, quantity }) => ({ product, quantity }));
    const text = comment.trim();
    const order: NewOrder | AreaUpload = document
      // A multipart form's fields are text: `items` goes as JSON, which the API reads back.
      ? { form: toFormData({ items: lines, comment: text || undefined, document }), onProgress: setSending }
      : { items: lines, ...(text ? { comment: text } : {}) };
    const result = await dispatch(ordersArea.create(order));
    if (result.meta.requestStatus === 'fulfilled') {
      // Only now, with the order saved, does the cart empty.
      dispatch(emptyCart());
      const placed = result.payload as Order;
      say(t('answers.placed', { number: placed.number }), { focus: 'heading' });
      navigate(`../${placed.id}`);
      return;
    }
    const fields = (result.meta as { fields?: Record<string, string> }).fields ?? {};
    const sorted = checkoutErrors(errorMessage(result.payload), fields, sent.length);
    const byProduct: Record<number, string> = {};
    for (const [index, text] of Object.entries(sorted.lines)) byProduct[sent[Number(index)].product] = text;
    setRefusal({ message: sorted.message, other: sorted.other, byProduct });
    setSending(null);
  };

  const remove = (index: number) => {
    const { [items[index].product]: _dropped, ...kept } = drafts;
    setDrafts(kept);
    dispatch(removeFromCart(index));
  };

  const changeQuantity = (item: CartItem, index: number, text: string) => {
    setDrafts((current) => ({ ...current, [item.product]: text }));
    if (messageOf(text) === null) dispatch(setCartQuantity({ index, quantity: quantityOf(text) }));
  };

  // Design §13: the cart is a dealer's; staff place no orders of their own (the menu does not lead here).
  if (isStaff) {
    return (
      <div>
        <ScreenTitle style={{ marginTop: 0 }}>{t('cart.title')}</ScreenTitle>
        <Alert type="info" showIcon title={t('cart.dealersOnly')} />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div>
        <ScreenTitle style={{ marginTop: 0 }}>{t('cart.title')}</ScreenTitle>
        {storageError && <Alert type="error" showIcon title={t('cart.storageFailed', { message: storageError })} style={{ marginBottom: 16 }} />}
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={(
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('cart.empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('cart.emptyText')}</Typography.Text>
            </Flex>
          )}>
            <Flex gap={24} justify="center" wrap>
              <Link to="/catalog"><AppstoreOutlined aria-hidden /> {t('cart.toCatalog')}</Link>
              <Link to="../quick"><ThunderboltOutlined aria-hidden /> {t('cart.toQuickOrder')}</Link>
            </Flex>
          </Empty>
        </Card>
      </div>
    );
  }

  const columns: ColumnsType<CartItem> = [
    { title: t('cart.columns.sku'), dataIndex: 'sku', responsive: ['md'], render: (sku: string) => <span style={{ whiteSpace: 'nowrap' }}>{sku}</span> },
    {
      title: t('cart.columns.name'), dataIndex: 'name',
      render: (name: string, item) => {
        const problem = refusal?.byProduct[item.product];
        return (
          <Flex vertical gap={2}>
            <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
            {problem && <Typography.Text type="danger" id={`line-error-${item.product}`} data-testid={`line-error-${item.product}`}>{problem}</Typography.Text>}
          </Flex>
        );
      },
    },
    { title: t('cart.columns.price'), dataIndex: 'price', align: 'end', responsive: ['md'], render: (price: string) => <Money value={price} /> },
    {
      title: t('cart.columns.quantity'), dataIndex: 'quantity',
      render: (_quantity: number, item, index) => {
        const short = shortOf(item);
        const text = textOf(item);
        const refused = Boolean(refusal?.byProduct[item.product]);
        return (
          <Flex vertical gap={2} align="start">
            <QuantityInput id={quantityId(item.product)} limits={LINE_LIMITS}
              aria-label={t('cart.quantityOf', { name: item.name })}
              describedBy={[refused ? `line-error-${item.product}` : '', short ? `cart-short-${item.product}` : ''].filter(Boolean).join(' ') || undefined}
              error={messageOf(text)} invalid={refused} warning={Boolean(short)}
              value={text} style={{ width: narrow ? 72 : 110 }}
              onChange={(event) => changeQuantity(item, index, event.target.value)}
            />
            <ShortNote id={`cart-short-${item.product}`} text={short} />
          </Flex>
        );
      },
    },
    { title: t('cart.columns.amount'), key: 'amount', align: 'end', render: (_: unknown, item) => <Money value={cartTotal([item])} /> },
    {
      title: t('cart.columns.actions'), key: 'actions',
      render: (_: unknown, item, index) => (
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('cart.removeOf', { name: item.name })} onClick={() => remove(index)}>
          {/* On a phone the bin alone (its name is read all the same): the row fits the screen. */}
          {narrow ? null : t('cart.remove')}
        </Button>
      ),
    },
  ];

  const minimum = settings.state === 'ready' && settings.settings?.minOrderTotal ? decimalOf(settings.settings.minOrderTotal) : null;
  const missing = minimum ? amountMissing(total, minimum) : null;
  const busy = sending !== null;
  const shortLines = items.filter((item) => shortOf(item) !== null);

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <ScreenTitle style={{ margin: 0 }}>{t('cart.title')}</ScreenTitle>
        <ConfirmButton danger title={t('cart.clearConfirm')} content={t('cart.clearText', { count: items.length })} okText={t('cart.clear')}
          disabled={busy} onConfirm={async () => { dispatch(emptyCart()); setRefusal(null); setDrafts({}); }}>
          {t('cart.clear')}
        </ConfirmButton>
      </Flex>
      {storageError && <Alert type="error" showIcon title={t('cart.storageFailed', { message: storageError })} style={{ marginBottom: 16 }} />}
      {refusal && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} data-testid="checkout-refused"
          title={t('cart.refused', { message: refusal.message })}
          description={(refusal.other.length || Object.keys(refusal.byProduct).length) ? (
            <>
              {refusal.other.map((text) => <div key={text}>{text}</div>)}
              {Object.keys(refusal.byProduct).length > 0 && <div>{t('cart.refusedLines')}</div>}
            </>
          ) : undefined}
        />
      )}
      <Table<CartItem> rowKey="product" columns={columns} dataSource={items} pagination={false}
        size={narrow ? 'small' : undefined} scroll={narrow ? undefined : { x: 'max-content' }}
        summary={() => (
          <Table.Summary.Row>
            {/* The product and the quantity on a phone; with the SKU and the price on a wider screen. */}
            <Table.Summary.Cell index={0} colSpan={narrow ? 2 : 4}><Typography.Text strong>{t('cart.total')}</Typography.Text></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="end"><Typography.Text strong data-testid="cart-total"><Money value={total} /></Typography.Text></Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
          </Table.Summary.Row>
        )}
      />
      <Flex vertical gap={8} style={{ margin: '16px 0' }}>
        <Typography.Text type="secondary">{t('cart.estimate')}</Typography.Text>
        {minimum && (missing ? (
          <Alert type="warning" showIcon data-testid="cart-minimum"
            title={<>{t('cart.minimum', { amount: formatMoney(minimum, language) })} {t('cart.missing', { amount: formatMoney(missing, language) })}</>} />
        ) : (
          <Alert type="success" showIcon data-testid="cart-minimum" title={t('cart.minimumReached', { amount: formatMoney(minimum, language) })} />
        ))}
        {settings.state === 'failed' && <Alert type="info" showIcon title={t('cart.settingsFailed', { message: settings.message })} />}
      </Flex>
      <Card title={<h2 style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>{t('cart.checkout')}</h2>} size="small">
        <Flex vertical gap={12}>
          <Flex vertical gap={4}>
            <label htmlFor={COMMENT_ID}>{t('cart.comment')}</label>
            <Input.TextArea id={COMMENT_ID} value={comment} onChange={(event) => setComment(event.target.value)}
              maxLength={5000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('cart.commentHint')} disabled={busy} />
          </Flex>
          <Flex vertical gap={4} align="start">
            <Typography.Text>{t('cart.document')}</Typography.Text>
            <Flex gap={8} align="center" wrap>
              <Upload showUploadList={false} disabled={busy}
                // Chosen only: the file travels with the order, not before it.
                beforeUpload={(file) => { chooseDocument(file); return false; }}>
                <Button icon={<PaperClipOutlined aria-hidden />} disabled={busy}>{t('cart.documentChoose')}</Button>
              </Upload>
              {document ? (
                <Flex gap={4} align="center">
                  <Typography.Text>{document.name} ({formatFileSize(document.size, language)})</Typography.Text>
                  <Button type="text" size="small" icon={<DeleteOutlined aria-hidden />} aria-label={t('cart.documentRemove', { name: document.name })}
                    disabled={busy} onClick={() => setDocument(null)} />
                </Flex>
              ) : <Typography.Text type="secondary">{t('cart.documentHint', { limit })}</Typography.Text>}
            </Flex>
            {documentRefused && <Alert type="error" showIcon title={documentRefused} />}
          </Flex>
          {shortLines.length > 0 && (
            // Before the order is sent: what will wait for stock. It may still be placed.
            <Alert type="warning" showIcon data-testid="checkout-short" title={t('cart.shortTitle')}
              description={(
                <>
                  <ul style={{ margin: '0 0 4px', paddingInlineStart: 20 }}>
                    {shortLines.map((item) => {
                      const known = stock!.get(item.product)!;
                      const unit = unitAfterCount(known.unit, language);
                      return (
                        <li key={item.product}>
                          {t('cart.shortLine', { name: item.name, quantity: formatCount(item.quantity, language), available: formatCount(known.available, language), unit })}
                        </li>
                      );
                    })}
                  </ul>
                  {t('cart.shortText')}
                </>
              )} />
          )}
          {busy && document && <Progress percent={sending} size="small" aria-label={t('cart.sending')} />}
          <Flex gap={16} align="center" wrap>
            <Button type="primary" size="large" loading={busy} onClick={checkout}>{t('cart.placeOrder')}</Button>
            <Typography.Text>{t('cart.total')}: <Typography.Text strong><Money value={total} /></Typography.Text></Typography.Text>
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}
