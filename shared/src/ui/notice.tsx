// A message and a progress bar in antd's Alert and Progress look, drawn as plain markup with static
// CSS (notice.css): what a list or an upload says after the user acted, with no antd code on a
// list's first draw (design §3 "Styles and the first draw"). Forms and dialogs keep antd's own.
import type { CSSProperties, ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import { useUiTranslation } from './translations';
import './notice.css';

const ICONS = { error: CloseCircleFilled, success: CheckCircleFilled, info: InfoCircleFilled };

/** A message, as antd's `<Alert showIcon>`: an error or a success is announced (role="alert"). */
export function Notice({ tone = 'info', children, onClose, style }: { tone?: 'error' | 'success' | 'info'; children: ReactNode; onClose?(): void; style?: CSSProperties }) {
  const { t } = useUiTranslation();
  const Icon = ICONS[tone];
  return (
    <div role={tone === 'info' ? 'status' : 'alert'} className={`pn pn-${tone}`} style={style}>
      <span className="pn-icon" aria-hidden><Icon /></span>
      <span className="pn-text">{children}</span>
      {onClose && <button type="button" className="pn-close" aria-label={t('notice.close')} onClick={onClose}><CloseOutlined aria-hidden /></button>}
    </div>
  );
}

/** A thin progress bar with its per cent, as antd's `<Progress size="small">`. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="pp">
      <div className="pp-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="pp-bar" style={{ width: `${percent}%` }} />
      </div>
      <span>{percent}%</span>
    </div>
  );
}
