// One variable's form, with the widget its key needs (design §5): the agreement as Markdown beside
// its live preview (the contract screen's own renderer), the minimum order total as money, the
// support address as an email address, any other as text. The server's field errors land on
// their fields.
import { useState } from 'react';
import { apiClient, errorMessage, fieldErrors, useTranslation, type Variable } from '@portal/shared';
import { MarkdownDocument } from '@portal/shared/ui/markdown-document';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import antTheme from 'antd/es/theme';
import './translations';

interface Values { key: string; value: string | null; description: string }

const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

export function VariableForm({ variable, onSaved, onCancel }: {
  /** The variable changed; none: a new one. */
  variable: Variable | null;
  onSaved(saved: Variable): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('admin');
  const { token } = antTheme.useToken();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = variable?.key ?? '';
  const text = Form.useWatch('value', form) ?? '';

  const save = async (values: Values) => {
    setSaving(true);
    setError(null);
    const body = { key: variable ? key : values.key, value: values.value ?? '', description: values.description ?? '' };
    try {
      const { data } = variable
        ? await apiClient.put<Variable>(`/api/variables/${variable.id}/`, body)
        : await apiClient.post<Variable>('/api/variable/create/', body);
      onSaved(data);
    } catch (err) {
      const fields = fieldErrors(err);
      form.setFields(Object.entries(fields).filter(([name]) => name in body).map(([name, message]) => ({ name: name as keyof Values, errors: [message] })));
      if (Object.keys(fields).length === 0) setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const valueField = () => {
    if (key === 'contract_text') {
      return (
        // Side by side where there is room, the preview under the text where there is not.
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: 16 }}>
          <div>
            <Form.Item name="value" label={t('settings.value')} extra={t('settings.agreementHint')} rules={[{ required: true, whitespace: true, message: t('settings.required') }]}>
              <Input.TextArea autoSize={{ minRows: 14, maxRows: 24 }} style={{ fontFamily: token.fontFamilyCode }} />
            </Form.Item>
          </div>
          <div>
            <Typography.Text strong id="agreement-preview">{t('settings.preview')}</Typography.Text>
            <section aria-labelledby="agreement-preview" data-testid="agreement-preview" style={{ marginTop: 8, maxHeight: 480, overflow: 'auto', padding: '12px 16px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}>
              <MarkdownDocument text={text} />
            </section>
          </div>
        </div>
      );
    }
    if (key === 'min_order_total') {
      return (
        <Form.Item name="value" label={t('settings.value')} extra={t('settings.minimumHint')}>
          <InputNumber<string> stringMode min="0" step="0.01" precision={2} suffix="₽" style={{ width: 220 }} />
        </Form.Item>
      );
    }
    if (key === 'support_email') {
      return (
        <Form.Item name="value" label={t('settings.value')} extra={t('settings.emailHint')} rules={[{ type: 'email', message: t('settings.badEmail') }]}>
          <Input type="email" autoComplete="off" style={{ maxWidth: 360 }} />
        </Form.Item>
      );
    }
    return (
      <Form.Item name="value" label={t('settings.value')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 12 }} />
      </Form.Item>
    );
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={save} disabled={saving}
      initialValues={{ key, value: variable?.value ?? '', description: variable?.description ?? '' }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {!variable && (
        <Form.Item name="key" label={t('settings.key')} extra={t('settings.keyHint')}
          rules={[{ required: true, message: t('settings.required') }, { pattern: KEY_PATTERN, message: t('settings.badKey') }]}>
          <Input autoComplete="off" maxLength={100} style={{ maxWidth: 360 }} />
        </Form.Item>
      )}
      {valueField()}
      <Form.Item name="description" label={t('settings.description')}>
        <Input maxLength={2000} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>{t('settings.save')}</Button>
        <Button onClick={onCancel}>{t('settings.cancel')}</Button>
      </Space>
    </Form>
  );
}
