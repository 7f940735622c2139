// A new claim (`/admin/claims/new?order=:id`), opened by a dealer from the page of its shipped or
// completed order («Подать претензию»): the order line, the quantity (at most what is left of the
// line without claims: the line's quantity less the earlier claims on it), the reason, a
// description, and photos and documents held until sending, then sent one by one with their
// progress (a photo first: «Повреждение» needs one, and the API refuses it without). The server's
// field errors land on their fields; unsaved changes are guarded.
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import { apiPath, MAX_LINE_QUANTITY, useTranslation, type ApiRequestBody, type Claim, type Order, type Paginated } from '@portal/shared';
import { quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { QuantityField } from '@portal/shared/ui/quantity-field';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { NotFoundPanel, PlainText } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { fileClaim } from './api';
import { CLAIMS_PATH } from './claims-slice';
import { CLAIM_REASONS } from './claim-words';
import { FilesPicker, isPhoto } from './files-picker';

interface Values {
  product?: number;
  /** As typed. */
  quantity?: string;
  reason?: Claim['reason'];
  description?: string;
}

/** What is left to claim of each line of the order: its quantity less its claims so far. */
export function unclaimedLines(order: Order, claims: Claim[]) {
  return order.items.map((line) => {
    const claimed = claims.filter((claim) => claim.product === line.product).reduce((sum, claim) => sum + claim.quantity, 0);
    return { product: line.product, name: line.name, ordered: line.quantity, left: Math.max(line.quantity - claimed, 0) };
  });
}

const CLAIMABLE: ReadonlyArray<Order['status']> = ['shipped', 'completed'];
const CLAIM_LIMITS = { min: 1, max: MAX_LINE_QUANTITY } as const;

export default function ClaimCreate() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const quantityCheck = useQuantityCheck(CLAIM_LIMITS);
  const orderId = useSearchParams()[0].get('order') ?? undefined;
  const validOrder = orderId && /^\d+$/.test(orderId) ? orderId : undefined;
  const { data: order, status, error, reload } = useApiGet<Order>(validOrder && apiPath('/api/orders/{id}/', { id: validOrder }));
  const earlier = useApiGet<Paginated<Claim>>(validOrder && CLAIMS_PATH, { order: validOrder ?? '', page_size: 500 });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  // The files that did not go with the claim, said on its page.
  const unsent = useRef<string[]>([]);
  // Photos first: the claim is created with the first file, and damage needs a photo.
  const ordered = [...files.filter(isPhoto), ...files.filter((file) => !isPhoto(file))];
  const binding = useResourceForm<Values, Claim>({
    name: 'claim',
    toBody: (values) => ({
      order: Number(validOrder), product: values.product!, quantity: quantityOf(values.quantity), reason: values.reason!, description: values.description ?? '',
    }),
    submit: async (draft) => {
      setProgress(ordered.map(() => 0));
      try {
        const { claim, failed } = await fileClaim(draft as ApiRequestBody<typeof CLAIMS_PATH, 'post'>, ordered,
          (index, percent) => setProgress((current) => current && current.map((p, i) => (i === index ? percent : p))));
        unsent.current = failed;
        return claim;
      } catch (err) {
        setProgress(null);
        throw err;
      }
    },
    onSaved: (claim) => navigate(`../claims/${claim.id}`, {
      state: unsent.current.length ? { notice: t('claims.create.partly', { names: unsent.current.join(', ') }) } : undefined,
    }),
  });
  const { form, dirty } = binding;
  const product = Form.useWatch('product', form);
  const reason = Form.useWatch('reason', form);

  const lines = useMemo(() => (order && earlier.data ? unclaimedLines(order, earlier.data.results) : []), [order, earlier.data]);
  const line = lines.find((l) => l.product === product);
  const photoMissing = reason === 'damaged' && !files.some(isPhoto);
  const sending = progress !== null;

  if (!validOrder || status === 'notFound') {
    return (
      <ShowFrame back="../claims" backLabel={t('claims.back')} status="ready" title={t('claims.create.title')}>
        <NotFoundPanel text={t('claims.create.noOrder')} />
      </ShowFrame>
    );
  }

  // Nothing is sent for damage without a photo (the files' field says why).
  const submit = (values: Values) => (photoMissing ? undefined : binding.formProps.onFinish?.(values));
  // Files picked are a change of the form like any field's.
  const pick = (next: File[]) => { setFiles(next); binding.formProps.onValuesChange?.({}, form.getFieldsValue()); };

  const claimable = order && CLAIMABLE.includes(order.status);
  return (
    <ShowFrame back="../claims" backLabel={t('claims.back')} status={earlier.status === 'error' ? 'error' : status} error={error ?? earlier.error} onRetry={() => { reload(); earlier.reload(); }}
      title={order && t('claims.create.orderTitle', { number: order.number })}>
      {order && !claimable && <Alert type="warning" showIcon title={t('claims.create.notClaimable')} />}
      {order && claimable && (
        <Card size="small" style={{ maxWidth: 720 }}>
          <Form<Values> {...binding.formProps} onFinish={submit} disabled={sending} initialValues={{ quantity: '1' }}>
            {binding.error && <Alert type="error" showIcon title={binding.error} style={{ marginBottom: 16 }} />}
            <Form.Item name="product" label={t('claims.create.line')} rules={[{ required: true, message: t('claims.create.lineRequired') }]}>
              <Select loading={earlier.status === 'loading'} options={lines.map((l) => ({
                value: l.product, disabled: l.left === 0, label: t('claims.create.lineOption', { name: l.name, left: l.left, ordered: l.ordered }),
              }))} />
            </Form.Item>
            <Form.Item name="quantity" label={t('claims.create.quantity')} dependencies={['product']} validateFirst rules={[
              quantityCheck.rule,
              { validator: async (_rule, value: string | undefined) => {
                if (line && quantityOf(value) > line.left) throw new Error(t('claims.create.quantityMax', { left: line.left }));
              } },
            ]}>
              {/* Kept as typed: more than is left is refused in words by the rule above, never lowered. */}
              <QuantityField limits={CLAIM_LIMITS} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="reason" label={t('claims.create.reason')} rules={[{ required: true, message: t('claims.create.reasonRequired') }]}>
              <Select options={CLAIM_REASONS.map((value) => ({ value, label: t(`claims.reasons.${value}`) }))} />
            </Form.Item>
            <Form.Item name="description" label={t('claims.create.description')} rules={[{ required: true, whitespace: true, message: t('claims.create.descriptionRequired') }]}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
            </Form.Item>
            <Form.Item label={t('claims.create.files')} required={reason === 'damaged'}
              validateStatus={photoMissing && dirty ? 'error' : undefined} help={photoMissing ? t('claims.create.photoRequired') : undefined}>
              <FilesPicker files={files} onChange={pick} disabled={sending} />
            </Form.Item>
            {progress && files.length > 0 && (
              <Flex vertical gap={4} style={{ marginBottom: 16 }}>
                {[...files.filter(isPhoto), ...files.filter((file) => !isPhoto(file))].map((file, index) => (
                  <div key={`${file.name}-${index}`}>
                    <PlainText>{t(progress[index] >= 100 ? 'claims.create.sent' : 'claims.create.sending', { name: file.name })}</PlainText>
                    <Progress percent={progress[index]} size="small" aria-label={t('claims.create.sending', { name: file.name })} />
                  </div>
                ))}
              </Flex>
            )}
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={sending}>{t('claims.create.submit')}</Button>
            </Flex>
          </Form>
          {binding.leaveDialog}
        </Card>
      )}
    </ShowFrame>
  );
}
