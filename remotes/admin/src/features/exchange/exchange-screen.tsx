// «Обмен с 1С» (admin only, issue 33 item 4, design §13): every exchange with its counts, errors
// and files first (what an operator comes back for; its page is in the address, `?page=`), then the
// address 1C is given, the exchange accounts (the key shown once), the price type the prices come
// from, and sending an order to 1C again.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { errorMessage, useTranslation, type Variable } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { MutedText, ScreenTitle, SectionTitle } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { AdminOnly } from '../../admin-only';
import { saveSetting } from '../settings/api';
import { ExchangeAccounts } from './accounts';
import { exchangeAddress, sendOrderAgain } from './api';
import { ExchangeRuns } from './runs';
import './translations';

export default function ExchangeScreen() {
  const { t } = useTranslation('admin');
  return <AdminOnly text={t('exchange.adminOnlyText')}><Exchange /></AdminOnly>;
}

function Exchange() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <Flex vertical gap={32}>
      <div>
        <ScreenTitle>{t('exchange.title')}</ScreenTitle>
        <MutedText block style={{ margin: 0 }}>{t('exchange.intro')}</MutedText>
      </div>
      <ExchangeRuns page={page} onPage={(next) => setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next > 1) copy.set('page', String(next));
        else copy.delete('page');
        return copy;
      })} />
      <Connection />
      <ExchangeAccounts />
      <PriceType />
      <SendAgain />
    </Flex>
  );
}

function Connection() {
  const { t } = useTranslation('admin');
  const say = useSay();
  const address = exchangeAddress();
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(address);
      say(t('exchange.addressCopied'));
    } catch {
      say(t('exchange.copyFailed'), { tone: 'error' });
    }
  };
  return (
    <section aria-labelledby="exchange-connection">
      <SectionTitle><span id="exchange-connection">{t('exchange.connection')}</span></SectionTitle>
      <label htmlFor="exchange-address">{t('exchange.address')}</label>
      <Flex gap={8} wrap style={{ margin: '4px 0 8px' }}>
        <Input id="exchange-address" readOnly value={address} style={{ flex: '1 1 280px', maxWidth: 560 }} onFocus={(event) => event.currentTarget.select()} />
        <Button icon={<CopyOutlined aria-hidden />} onClick={copy}>{t('exchange.copyAddress')}</Button>
      </Flex>
      <MutedText block style={{ margin: 0, maxWidth: 720 }}>{t('exchange.addressHint')}</MutedText>
    </section>
  );
}

const PRICE_TYPE = 'exchange_price_type';

function PriceType() {
  const { t } = useTranslation('admin');
  const say = useSay();
  const variables = useApiGet<{ results: Variable[] }>('/api/variables/', { search: PRICE_TYPE, page_size: 20 });
  const variable = variables.data?.results.find((v) => v.key === PRICE_TYPE);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async ({ value }: { value?: string }) => {
    const text = (value ?? '').trim();
    setSaving(true);
    setError(null);
    try {
      await saveSetting(variable, PRICE_TYPE, text);
      say(text ? t('exchange.priceTypeSaved', { value: text }) : t('exchange.priceTypeCleared'));
      variables.reload();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="exchange-price-type">
      <SectionTitle><span id="exchange-price-type">{t('exchange.priceType')}</span></SectionTitle>
      {variables.data && (
        <Form layout="vertical" onFinish={save} initialValues={{ value: variable?.value ?? '' }} style={{ maxWidth: 560 }}>
          <Form.Item name="value" label={t('exchange.priceTypeField')} extra={t('exchange.priceTypeHint')}
            validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>{t('exchange.save')}</Button>
        </Form>
      )}
      {variables.error && <MutedText block>{variables.error}</MutedText>}
    </section>
  );
}

function SendAgain() {
  const { t } = useTranslation('admin');
  const say = useSay();
  const [form] = Form.useForm<{ number: string }>();
  const [sending, setSending] = useState(false);
  const send = async ({ number }: { number: string }) => {
    setSending(true);
    try {
      const found = await sendOrderAgain(number);
      if (found) {
        say(t('exchange.resent', { number: found }));
        form.resetFields();
      } else form.setFields([{ name: 'number', errors: [t('exchange.orderNotFound', { number: number.trim() })] }]);
    } catch (err) {
      form.setFields([{ name: 'number', errors: [errorMessage(err)] }]);
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-labelledby="exchange-resend">
      <SectionTitle><span id="exchange-resend">{t('exchange.resend')}</span></SectionTitle>
      <MutedText block style={{ marginTop: 0 }}>{t('exchange.resendHint')}</MutedText>
      <Form form={form} layout="inline" onFinish={send} style={{ rowGap: 8 }}>
        <Form.Item name="number" label={t('exchange.orderNumber')} rules={[{ required: true, whitespace: true, message: t('exchange.orderNumberRequired') }]}>
          <Input autoComplete="off" maxLength={64} style={{ width: 220 }} />
        </Form.Item>
        <Button htmlType="submit" loading={sending}>{t('exchange.resendButton')}</Button>
      </Form>
    </section>
  );
}
