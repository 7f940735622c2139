// One of the other settings (a variable added to the portal by hand, not one the portal knows):
// its value as text, and its description. Saved through the variables' area; the server's field
// errors land on their fields, its message shows when it names no field.
import { useTranslation, type Variable } from '@portal/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { variablesArea } from './variables-slice';

interface Values { value: string | null; description: string }

export function VariableForm({ variable, onSaved, onCancel }: {
  variable: Variable;
  onSaved(saved: Variable): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('admin');
  const binding = useResourceForm<Values, Variable>({
    name: 'variable',
    area: variablesArea,
    id: variable.id,
    initialValues: { value: variable.value, description: variable.description },
    toBody: (values) => ({ key: variable.key, value: values.value ?? '', description: values.description ?? '' }),
    onSaved,
  });
  const { form, saving } = binding;
  // The server's message is said only when none of its errors landed on a field.
  const error = binding.error && !form.getFieldsError().some((field) => field.errors.length > 0) ? binding.error : null;

  return (
    <Form<Values> {...binding.formProps} disabled={saving}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="value" label={t('settings.value')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 12 }} />
      </Form.Item>
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
