// The portal's settings as a form (issue 18 item 6): grouped, each with its name and help, never its
// key. The minimum order total is typed as money (`1 234,50 ₽`) and refused, not changed, when it is
// not an amount; the support address is an email address. «Сохранить» writes only what changed, each
// setting through its variable (spec §7's own paths); a field the server refuses shows its message.
import { useState } from 'react';
import { errorMessage, fieldErrors, useTranslation, type Variable } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { SectionTitle } from '@portal/shared/ui/text';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { saveSetting } from './api';
import { moneyText, readMoney } from './money-text';

/** The settings of this form, by their variables' keys. */
const KEYS = ['min_order_total', 'support_email'] as const;
type Key = typeof KEYS[number];
type Values = Record<Key, string>;

export function GeneralSettings({ variables, onSaved }: {
  variables: Variable[];
  /** After a save, with what to say about it. */
  onSaved(notice: string): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const [form] = Form.useForm<Values>();
  const say = useSay();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const byKey = (key: Key) => variables.find((v) => v.key === key);
  const initial: Values = {
    min_order_total: moneyText(byKey('min_order_total')?.value ?? '', language),
    support_email: byKey('support_email')?.value ?? '',
  };
  /** The value the API keeps for what the field holds. */
  const stored = (key: Key, text: string) => {
    if (key !== 'min_order_total') return text.trim();
    const reading = readMoney(text, language);
    return 'value' in reading ? reading.value : text;
  };

  const save = async (values: Values) => {
    setError(null);
    const changed = KEYS.filter((key) => stored(key, values[key] ?? '') !== (byKey(key)?.value ?? ''));
    if (changed.length === 0) {
      // Nothing was sent: said, and nothing to read again.
      say(t('settings.nothingChanged'), { tone: 'info' });
      return;
    }
    setSaving(true);
    try {
      for (const key of changed) {
        try {
          await saveSetting(byKey(key), key, stored(key, values[key] ?? ''));
        } catch (err) {
          const fields = fieldErrors(err);
          if (fields.value) form.setFields([{ name: key, errors: [fields.value] }]);
          else setError(errorMessage(err));
          return;
        }
      }
      if (values.min_order_total) form.setFieldValue('min_order_total', moneyText(stored('min_order_total', values.min_order_total), language));
      onSaved(t('settings.settingsSaved'));
    } finally {
      setSaving(false);
    }
  };

  const money = {
    validator: async (_rule: unknown, text: string | undefined) => {
      const reading = readMoney(text ?? '', language);
      if ('error' in reading) throw new Error(t(reading.error === 'negative' ? 'settings.negativeMoney' : 'settings.badMoney'));
    },
  };
  /** On leaving the field, the amount is written back as the language writes money. */
  const tidyMoney = () => {
    const reading = readMoney(form.getFieldValue('min_order_total') ?? '', language);
    if ('value' in reading) form.setFieldValue('min_order_total', moneyText(reading.value, language));
  };

  return (
    <Form<Values> form={form} name="settings" layout="vertical" initialValues={initial} onFinish={save} disabled={saving} style={{ maxWidth: 640 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <section aria-labelledby="settings-orders">
        <SectionTitle style={{ marginTop: 0 }}><span id="settings-orders">{t('settings.orders')}</span></SectionTitle>
        <Form.Item name="min_order_total" label={t('settings.minimum')} extra={t('settings.minimumHint')} rules={[money]} validateTrigger={['onChange', 'onBlur']}>
          <Input inputMode="decimal" autoComplete="off" suffix="₽" style={{ width: 220 }} onBlur={tidyMoney} />
        </Form.Item>
      </section>
      <section aria-labelledby="settings-contact">
        <SectionTitle><span id="settings-contact">{t('settings.contact')}</span></SectionTitle>
        <Form.Item name="support_email" label={t('settings.supportEmail')} extra={t('settings.emailHint')} rules={[{ type: 'email', message: t('settings.badEmail') }]}>
          <Input type="email" autoComplete="off" style={{ maxWidth: 360 }} />
        </Form.Item>
      </section>
      <Button type="primary" htmlType="submit" loading={saving}>{t('settings.save')}</Button>
    </Form>
  );
}
