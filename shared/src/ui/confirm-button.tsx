// The confirm step of every status change and deletion (design §3): the button opens a dialog that
// says what will happen; «Да» asks the server and the dialog waits for its answer (the button spins,
// nothing on screen changes before the server agrees: no optimistic status, no undo). A refusal is
// shown in the dialog, which stays open so the user can retry or cancel. A field of the content
// marked `data-autofocus` takes the focus once the dialog is open (the dialog focuses itself on
// opening, after a field's own autoFocus, with or without the opening animation).
import { useRef, useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button, { type ButtonProps } from 'antd/es/button';
import Modal from 'antd/es/modal';
import { errorMessage } from '@portal/shared';
import { useUiTranslation } from './translations';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title' | 'content'> {
  /** The question, e.g. «Удалить рассылку?». */
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  content?: ReactNode;
  /** The word on the confirming button; «Да» by default. */
  okText?: string;
  /** Runs the change; the dialog closes when it resolves, shows the message when it rejects. */
  onConfirm(): Promise<unknown>;
}

export function ConfirmButton({ title, content, okText, onConfirm, danger, children, ...button }: ConfirmButtonProps) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button danger={danger} {...button} onClick={() => { setError(null); setOpen(true); }}>{children}</Button>
      <Modal
        open={open}
        title={title}
        okText={okText ?? t('confirm.ok')}
        cancelText={t('confirm.cancel')}
        okButtonProps={{ danger }}
        confirmLoading={busy}
        onOk={confirm}
        onCancel={() => { if (!busy) setOpen(false); }}
        mask={{ closable: !busy }}
        destroyOnHidden
        afterOpenChange={(opened) => { if (opened) body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(); }}
      >
        <div ref={body}>{content}</div>
        {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
      </Modal>
    </>
  );
}
