// The dialog of ConfirmButton (confirm-button.tsx): antd's Modal and Alert, in a chunk of their own
// that loads when a confirm is first asked for (or the pointer or the focus reaches its button), not
// with the list or page whose rows carry the buttons (design §3 "Styles and the first draw").
import { useRef, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import { useUiTranslation } from './translations';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onOk(): void;
  onCancel(): void;
}

export default function ConfirmDialog({ open, title, content, okText, danger, busy, error, onOk, onCancel }: ConfirmDialogProps) {
  const { t } = useUiTranslation();
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('confirm.ok')}
      cancelText={t('confirm.cancel')}
      okButtonProps={{ danger }}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={() => { if (!busy) onCancel(); }}
      mask={{ closable: !busy }}
      destroyOnHidden
      afterOpenChange={(opened) => { if (opened) body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(); }}
    >
      <div ref={body}>{content}</div>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
