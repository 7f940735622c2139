// A list's message for a failed call, with a retry that asks again for the same view.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useUiTranslation } from './translations';

/** The list's message for a failed call, with a retry of the same view. */
export function ListError({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useUiTranslation();
  return (
    <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }}
      action={<Button size="small" onClick={onRetry}>{t('list.retry')}</Button>} />
  );
}
