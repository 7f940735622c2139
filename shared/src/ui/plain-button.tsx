// A button in antd's look, drawn as a plain <button> with static CSS (plain-button.css): what the
// shell and the lists show on their first draw (design §3 "Styles and the first draw"), where antd's
// Button would bring its code and derive the theme's tokens. Inside forms and dialogs antd's Button
// stays the one to use.
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './plain-button.css';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** antd's button types: 'default' (bordered), 'primary', 'text' (no border until hovered), 'link'. */
  variant?: 'default' | 'primary' | 'text' | 'link';
  /** The native type; 'button' unless told, so a plain button never sends a form. */
  htmlType?: 'button' | 'submit' | 'reset';
  size?: 'small' | 'middle';
  danger?: boolean;
  /** Busy: a spinner in place of the icon, and the button takes no click until done. */
  loading?: boolean;
  icon?: ReactNode;
}

export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'default', htmlType = 'button', size, danger, loading, icon, className, children, onClick, ...rest }, ref,
) {
  const classes = ['pb', variant !== 'default' && `pb-${variant}`, size === 'small' && 'pb-small', danger && 'pb-danger',
    icon && (children === undefined || children === null || children === false) && 'pb-icon-only', loading && 'pb-busy', className].filter(Boolean).join(' ');
  return (
    <button ref={ref} type={htmlType} className={classes} aria-busy={loading || undefined} onClick={loading ? undefined : onClick} {...rest}>
      {loading ? <span className="pb-spinner" aria-hidden /> : icon && <span className="pb-icon" aria-hidden>{icon}</span>}
      {children}
    </button>
  );
});
