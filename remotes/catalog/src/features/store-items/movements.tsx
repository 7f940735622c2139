// A store item's stock movements (design §5 "Stock movements", issue 18 item 3): «Приход»,
// «Списание» and «Корректировка» (the total set anew), each with a reason and optionally a document,
// and the history, newest first. A quantity is taken as typed or refused on its field (@portal/shared/ui/quantity);
// a save says what happened («Приход 20 шт записан…») through the one answer of every screen (useSay),
// the focus goes back to the button that opened the form, and the totals and the history are read again. On a phone (below
// 768 px) the history keeps what (when, its reason and document under it), the change and the total.
import { useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation, type Paginated, type StaffStoreItem, type StoreItem } from '@portal/shared';
import { DateText, formatDate, localeOf } from '@portal/shared/ui/format';
import { DEFAULT_UPLOAD_LIMIT_MB } from '@portal/shared/ui/file-upload';
import { useSay } from '@portal/shared/ui/answer';
import { ListError } from '@portal/shared/ui/list-error';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { MAX_STOCK, quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { QuantityField } from '@portal/shared/ui/quantity-field';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { MutedText, SectionTitle } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { downloadMovementDocument, movementsPath, recordMovement, type MovementKind, type StockMovement } from './api';
import './translations';

const KINDS: MovementKind[] = ['receipt', 'write_off', 'correction'];
const PAGE_SIZE = 20;

/** Whole numbers as the language groups them: «5 000» in Russian. */
function useCount() {
  const { language } = useTranslation('catalog');
  const format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0 });
  return (value: number) => format.format(value);
}

interface Values {
  quantity: string;
  reason: string;
}

/** Whether `item` was read as staff read it, with what is on hand and what orders reserved (a dealer gets neither). */
export const isStaffStoreItem = (item: StoreItem): item is StaffStoreItem => item.quantity !== undefined && item.reserved !== undefined;

function MovementForm({ item, kind, onSaved, onCancel }: { item: StaffStoreItem; kind: MovementKind; onSaved(movement: StockMovement): void; onCancel(): void }) {
  const { t } = useTranslation('catalog');
  const count = useCount();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const unit = item.product_unit ?? 'шт';
  const free = Math.max(0, item.quantity - item.reserved);
  const limits = { min: kind === 'correction' ? 0 : 1, max: MAX_STOCK } as const;
  const quantityCheck = useQuantityCheck(limits);
  const binding = useResourceForm<Values, StockMovement>({
    name: `stock-${kind}`,
    initialValues: { quantity: '', reason: '' },
    toBody: (values) => ({ kind, quantity: quantityOf(values.quantity), reason: values.reason.trim() }),
    submit: (body) => recordMovement(item.id, body as Parameters<typeof recordMovement>[1], file),
    onSaved,
  });
  const hint = kind === 'write_off'
    ? t('storeItems.movements.writeOffHint', { free: count(free), unit, reserved: count(item.reserved) })
    : kind === 'correction'
      ? t('storeItems.movements.correctionHint', { quantity: count(item.quantity), unit, reserved: count(item.reserved) })
      : undefined;
  // Said before sending what the API would refuse anyway (it checks again, under the row's lock).
  const stockRule = {
    validator: async (_rule: unknown, text: unknown) => {
      const quantity = quantityOf(text);
      if (!Number.isFinite(quantity)) return;
      if (kind === 'write_off' && quantity > free) throw new Error(t('storeItems.movements.writeOffTooMuch', { free: count(free), unit }));
      if (kind === 'correction' && quantity < item.reserved) throw new Error(t('storeItems.form.quantityBelowReserved', { reserved: count(item.reserved) }));
    },
  };

  return (
    <section aria-label={t(`storeItems.movements.formTitle.${kind}`)} style={{ maxWidth: 560, marginBottom: 16 }}>
      <ResourceForm binding={binding} submitText={t(`storeItems.movements.submit.${kind}`)} onCancel={onCancel}>
        <Form.Item name="quantity" label={t(kind === 'correction' ? 'storeItems.movements.newTotal' : 'storeItems.movements.quantity', { unit })} extra={hint}
          validateFirst rules={[quantityCheck.rule, stockRule]}>
          {/* Text, not a number spinner: what was typed stays as typed, and a refusal says why. */}
          <QuantityField autoFocus limits={limits} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('storeItems.movements.reason')} rules={[{ required: true, whitespace: true, message: t('storeItems.movements.reasonRequired') }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
        </Form.Item>
        <Form.Item label={t('storeItems.movements.document')} help={fileError ?? undefined} validateStatus={fileError ? 'error' : undefined}>
          <Upload maxCount={1} fileList={file ? [{ uid: 'document', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              if (chosen.size > DEFAULT_UPLOAD_LIMIT_MB * 1024 * 1024) {
                setFileError(t('storeItems.movements.documentTooLarge', { mb: DEFAULT_UPLOAD_LIMIT_MB }));
                return Upload.LIST_IGNORE;
              }
              setFileError(null);
              setFile(chosen);
              return false;
            }}
            onRemove={() => { setFile(null); return true; }}>
            <Button icon={<UploadOutlined aria-hidden />}>{t('storeItems.movements.chooseDocument')}</Button>
          </Upload>
        </Form.Item>
      </ResourceForm>
    </section>
  );
}

export function StockMovements({ item, onChanged }: { item: StaffStoreItem; onChanged(): void }) {
  const { t, language } = useTranslation('catalog');
  const count = useCount();
  const say = useSay();
  const [open, setOpen] = useState<MovementKind | null>(null);
  const [page, setPage] = useState(1);
  // «Отмена» gives the focus back to the button that opened the form (drawn again once it closes).
  const buttons = useRef<Partial<Record<MovementKind, HTMLElement | null>>>({});
  const [refocus, setRefocus] = useState<MovementKind | null>(null);
  const history = useApiGet<Paginated<StockMovement>>(movementsPath(item.id), { page, page_size: PAGE_SIZE });
  const narrow = useIsNarrow();
  const unit = item.product_unit ?? 'шт';

  useEffect(() => {
    if (open === null && refocus) {
      buttons.current[refocus]?.focus();
      setRefocus(null);
    }
  }, [open, refocus]);

  const saved = (movement: StockMovement) => {
    const before = movement.total - movement.change;
    setRefocus(open);
    setOpen(null);
    say(t(`storeItems.movements.saved.${movement.kind}`, { quantity: count(movement.quantity), unit, total: count(movement.total), before: count(before) }));
    setPage(1);
    history.reload();
    onChanged();
  };
  const cancel = () => {
    setRefocus(open);
    setOpen(null);
  };

  const kindWord = (movement: StockMovement) => (movement.kind === 'shipment' && movement.order_number
    ? t('storeItems.movements.shipmentOf', { number: movement.order_number })
    : t(`storeItems.movements.kind.${movement.kind}`));
  const documentLink = (file: NonNullable<StockMovement['document']>) => (
    <Button type="link" size="small" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' }}
      onClick={() => void downloadMovementDocument(file)}>
      {file.name}
    </Button>
  );
  const signed = (change: number) => (change > 0 ? `+${count(change)}` : change < 0 ? `−${count(-change)}` : '0');

  return (
    <section aria-labelledby="stock-movements-title" style={{ marginTop: 24 }}>
      <SectionTitle style={{ marginTop: 0 }}><span id="stock-movements-title">{t('storeItems.movements.title')}</span></SectionTitle>
      <p style={{ margin: '0 0 12px' }}>
        {t('storeItems.movements.summary', { quantity: count(item.quantity), reserved: count(item.reserved), available: count(item.available), unit })}
      </p>
      {open === null ? (
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {KINDS.map((kind) => (
            <Button key={kind} ref={(button) => { buttons.current[kind] = button; }} type={kind === 'receipt' ? 'primary' : 'default'}
              onClick={() => setOpen(kind)}>
              {t(`storeItems.movements.open.${kind}`)}
            </Button>
          ))}
        </Flex>
      ) : <MovementForm key={open} item={item} kind={open} onSaved={saved} onCancel={cancel} />}

      <SectionTitle><span>{t('storeItems.movements.history')}</span></SectionTitle>
      {history.status === 'error' && <ListError message={history.error ?? ''} onRetry={history.reload} />}
      {history.data && (history.data.results.length === 0 && page === 1
        ? <MutedText block>{t('storeItems.movements.empty')}</MutedText>
        : (
          <Table<StockMovement>
            rowKey="id" size="small" dataSource={history.data.results} loading={history.status === 'loading'} scroll={narrow ? undefined : { x: 'max-content' }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data.count, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
            columns={[
              { hidden: narrow, title: t('storeItems.movements.columns.at'), dataIndex: 'created_at', key: 'at', render: (value: string) => <DateText value={value} time /> },
              {
                title: t('storeItems.movements.columns.kind'), key: 'kind',
                render: (_: unknown, movement) => (narrow ? (
                  <>
                    {kindWord(movement)}
                    {/* Wrapping, unlike the wide table's date: three columns must fit 390 px. */}
                    <MutedText block style={{ margin: 0 }}><time dateTime={movement.created_at}>{formatDate(movement.created_at, language, { time: true })}</time></MutedText>
                    {movement.reason && <MutedText block style={{ margin: 0, overflowWrap: 'anywhere' }}>{movement.reason}</MutedText>}
                    {movement.document && <div>{documentLink(movement.document)}</div>}
                  </>
                ) : kindWord(movement)),
              },
              { title: t('storeItems.movements.columns.change'), dataIndex: 'change', key: 'change', align: 'end', render: (change: number) => <span style={{ whiteSpace: 'nowrap' }}>{signed(change)}</span> },
              { title: t('storeItems.movements.columns.total'), dataIndex: 'total', key: 'total', align: 'end', render: (total: number) => count(total) },
              { hidden: narrow, title: t('storeItems.movements.columns.reason'), dataIndex: 'reason', key: 'reason', render: (reason: string) => reason || '—' },
              {
                hidden: narrow, title: t('storeItems.movements.columns.document'), key: 'document',
                render: (_: unknown, movement) => (movement.document ? documentLink(movement.document) : '—'),
              },
              { hidden: narrow, title: t('storeItems.movements.columns.by'), dataIndex: 'created_by_name', key: 'by', render: (name: string) => name || t('storeItems.movements.system') },
            ]}
          />
        ))}
    </section>
  );
}
