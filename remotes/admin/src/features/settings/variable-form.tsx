// One variable's form, with the widget its key needs (design §5): the agreement as Markdown beside
// its live preview (the contract screen's own renderer), the minimum order total as money, the
// support address as an email address, any other as text. Saved through the variables' area; the
// server's field errors land on their fields, its message shows when it names no field.
import { useTranslation, type Variable } from '@portal/shared';
import { MarkdownDocument } from '@portal/shared/ui/markdown-document';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import antTheme from 'antd/es/theme';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { variablesArea } from './variables-slice';

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
  const key = variable?.key ?? '';
  const binding = useResourceForm<Values, Variable>({
    name: 'variable',
    area: variablesArea,
    id: variable?.id,
    initialValues: { key, value: variable?.value ?? '', description: variable?.description ?? '' },
    toBody: (values) => ({ key: variable ? key : values.key, value: values.value ?? '', description: values.description ?? '' }),
    onSaved,
  });
  const { form, saving } = binding;
  const text = Form.useWatch('value', form) ?? '';
  // The server's message is said only when none of its errors landed on a field.
  const error = binding.error && !form.getFieldsError().some((field) => field.errors.length > 0) ? binding.error : null;

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
    <Form<Values> {...binding.formProps} disabled={saving}>
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
      {binding.leaveDialog}
    </Form>
  );
}
