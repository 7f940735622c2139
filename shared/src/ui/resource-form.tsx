// A resource's form, written once: the fields a screen gives, the API's message above them, and
// «Сохранить» (disabled while saving) with «Отмена» below; fed by useResourceForm.
import type { ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import { token } from './tokens';
import { useUiTranslation } from './translations';
import type { ResourceFormBinding } from './use-resource-form';

export interface ResourceFormProps<Values> {
  binding: ResourceFormBinding<Values>;
  children: ReactNode;
  /** «Сохранить» by default. */
  submitText?: string;
  onCancel?(): void;
  /** More buttons beside save (publish, say). */
  extraActions?: ReactNode;
}

export function ResourceForm<Values extends object>({ binding, children, submitText, onCancel, extraActions }: ResourceFormProps<Values>) {
  const { t } = useUiTranslation();
  // The required star is drawn apart from the label's words: antd's own star (a ::before) would
  // make a field's accessible name «* Заголовок» instead of «Заголовок».
  const requiredMark = (label: ReactNode, { required }: { required: boolean }) => (
    <>{required && <span aria-hidden style={{ color: token.colorError, marginInlineEnd: 4 }}>*</span>}{label}</>
  );
  return (
    <Form<Values> requiredMark={requiredMark} {...binding.formProps}>
      {binding.error && <Alert type="error" showIcon title={binding.error} style={{ marginBottom: 16 }} />}
      {children}
      <Flex gap={8} wrap>
        <Button type="primary" {...binding.submitProps}>{submitText ?? t('form.save')}</Button>
        {extraActions}
        {onCancel && <Button onClick={onCancel} disabled={binding.saving}>{t('form.cancel')}</Button>}
      </Flex>
      {binding.leaveDialog}
    </Form>
  );
}
