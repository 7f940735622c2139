// The confirm step of every status change and deletion (design §3): the button opens a dialog that
// says what will happen; «Да» asks the server and the dialog waits for its answer (the button spins,
// nothing on screen changes before the server agrees: no optimistic status, no undo). A refusal is
// shown in the dialog, which stays open so the user can retry or cancel. A field of the content
// marked `data-autofocus` takes the focus once the dialog is open (the dialog focuses itself on
// opening, after a field's own autoFocus, with or without the opening animation).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ButtonProps } from 'antd/es/button';
import { errorMessage } from '@portal/shared';
import { PlainButton } from './plain-button';

const loadDialog = () => import('./confirm-dialog');
const ConfirmDialog = lazy(loadDialog);

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

/** antd's button types as the plain button draws them. */
const VARIANTS = { primary: 'primary', text: 'text', link: 'link' } as const;

export function ConfirmButton({ title, content, okText, onConfirm, danger, children, type, size, icon, loading, disabled, style, className, id, ...rest }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  // The dialog is drawn from the first time it is asked for on, so it closes with its own motion.
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only what the plain button knows of antd's: its names for assistive technology and tests.
  const passed = Object.fromEntries(Object.entries(rest).filter(([name]) => name.startsWith('aria-') || name.startsWith('data-')));

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
      <PlainButton {...passed} id={id} variant={type && type in VARIANTS ? VARIANTS[type as keyof typeof VARIANTS] : 'default'} size={size === 'small' ? 'small' : undefined}
        danger={danger} icon={icon} loading={loading === true} disabled={disabled} style={style} className={className}
        onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()}
        onClick={() => { setError(null); setAsked(true); setOpen(true); }}>
        {children}
      </PlainButton>
      {asked && (
        <Suspense>
          <ConfirmDialog open={open} title={title} content={content} okText={okText} danger={danger} busy={busy} error={error}
            onOk={confirm} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
