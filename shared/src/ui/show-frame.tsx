// The frame of a show screen (refine's <Show>): a back link to the list, the title, the actions,
// and the states an item can be in: loading, not found (404), failed with a retry, or shown.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { NotFoundPanel, ScreenTitle } from './text';
import { useUiTranslation } from './translations';
import type { ItemStatus } from './use-item';

export interface ShowFrameProps {
  /** The item's title once it is there. */
  title?: ReactNode;
  /**
   * Where «Назад» leads when the screen was not opened from a list. A list's link passes its own
   * address as `state.back` (backState), so «Назад» returns to the same page, search and filters.
   */
  back: string;
  backLabel?: string;
  status: ItemStatus;
  error?: string | null;
  onRetry?(): void;
  /** Buttons beside the title: edit, status changes, delete. */
  actions?: ReactNode;
  /** A line under the title (date, status tag). */
  meta?: ReactNode;
  children?: ReactNode;
}


export function ShowFrame({ title, back, backLabel, status, error, onRetry, actions, meta, children }: ShowFrameProps) {
  const { t } = useUiTranslation();
  const state = useLocation().state as { back?: unknown } | null;
  const to = typeof state?.back === 'string' && state.back.startsWith('/') ? state.back : back;
  return (
    <div>
      <Link to={to} style={{ display: 'inline-flex', gap: 6, alignItems: 'center', marginBottom: 12 }}>
        <ArrowLeftOutlined aria-hidden /> {backLabel ?? t('show.back')}
      </Link>
      {status === 'loading' && <Skeleton active title paragraph={{ rows: 6 }} />}
      {status === 'notFound' && <NotFoundPanel title={t('show.notFound')} text={t('show.notFoundText')} />}
      {status === 'error' && (
        <Alert type="error" showIcon title={error ?? ''}
          action={onRetry && <Button size="small" onClick={onRetry}>{t('show.retry')}</Button>} />
      )}
      {status === 'ready' && (
        <>
          <Flex justify="space-between" align="start" wrap gap={8} style={{ marginBottom: meta ? 4 : 16 }}>
            <ScreenTitle style={{ margin: 0 }}>{title}</ScreenTitle>
            {actions && <Flex gap={8} wrap>{actions}</Flex>}
          </Flex>
          {meta && <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>{meta}</Flex>}
          {children}
        </>
      )}
    </div>
  );
}
