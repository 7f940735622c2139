import { Component, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { CONTRACT_VERSION, useTranslation } from '@portal/shared';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { token } from '@portal/shared/ui/tokens';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import WarningFilled from '@ant-design/icons/WarningFilled';
import { PulseSpinner } from '../../components/pulse-spinner';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';
import type { RemoteSlot } from './remotes-context';
import '../layout/cabinet-translations';

/**
 * One remote's part of the page: opening it fetches the remote's code (its menu came as data);
 * a spinner meanwhile, an error panel with a retry, its routes. Scoped: the others go on.
 * `title` is what the user knows the section by (its menu label).
 */
export function RemoteArea({ remote, title, onOpen, onRetry }: { remote: RemoteSlot; title: string; onOpen: () => void; onRetry: () => void }) {
  const { status, menu } = remote;
  useEffect(() => {
    if (menu.state === 'ready' && status.state === 'idle') onOpen();
  }, [menu.state, status.state, onOpen]);
  if (menu.state === 'failed' || status.state === 'failed') return <RemoteErrorPanel name={remote.name} title={title} onRetry={onRetry} />;
  if (status.state === 'refused') return <RemoteRefused name={remote.name} title={title} remoteVersion={status.remoteVersion} />;
  // The boundary is there while the code loads, so the code's arrival (a transition, see
  // remotes-context.tsx) keeps this spinner until the screen's own chunk is in, rather than showing
  // the fallback and then the screen, which React would hold back 300 ms after that fallback.
  return (
    <RemoteErrorBoundary name={remote.name} title={title} onRetry={onRetry}>
      <Suspense fallback={<PulseSpinner />}>
        {status.state === 'ready' ? <RemoteRoutes routes={status.module.routes} /> : <PulseSpinner />}
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteRoutes({ routes }: { routes: Parameters<typeof useRoutes>[0] }) {
  return useRoutes(routes);
}

export function RemoteErrorPanel({ name, title, onRetry, detail }: { name: string; title: string; onRetry: () => void; detail?: string }) {
  const { t } = useTranslation('host');
  return (
    <StatusPanel
      status="warning"
      title={t('remote.failed', { name: title })}
      text={detail ?? t('remote.failedText')}
      extra={<PlainButton variant="primary" onClick={onRetry}>{t('remote.retry')}</PlainButton>}
      testId={`remote-error-${name}`}
    />
  );
}

function RemoteRefused({ name, title, remoteVersion }: { name: string; title: string; remoteVersion: string }) {
  const { t } = useTranslation('host');
  return (
    <StatusPanel
      status="error"
      title={t('remote.refused', { name: title })}
      text={t('remote.refusedText', { remote: remoteVersion, host: CONTRACT_VERSION })}
      testId={`remote-refused-${name}`}
    />
  );
}

/** A screen's chunk that did not load (its release's files gone, the network), as the bundler reports it. */
export const isChunkLoadError = (error: Error) => error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .+ failed/i.test(error.message);

/**
 * A render error or a failed screen chunk inside a remote ends in that remote's panel. A chunk that
 * did not load is first retried once by itself (the registry read again, the remote's code anew: a
 * newer release may have replaced the one whose files are gone), then the panel shows.
 */
export class RemoteErrorBoundary extends Component<{ name: string; title: string; onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  private retriedByItself = false;
  static getDerivedStateFromError(error: Error) { return { error }; }
  componentDidCatch(error: Error, info: ErrorInfo) {
    if (!this.retriedByItself && isChunkLoadError(error)) {
      this.retriedByItself = true;
      this.retry();
      return;
    }
    console.error(`[portal] remote ${this.props.name} failed`, error, info.componentStack);
  }
  retry = () => { this.setState({ error: null }); this.props.onRetry(); };
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A chunk error not retried yet: componentDidCatch retries it, a spinner meanwhile.
    if (!this.retriedByItself && isChunkLoadError(error)) return <PulseSpinner />;
    return <RemoteErrorPanel name={this.props.name} title={this.props.title} onRetry={this.retry} />;
  }
}

/** The user's registry could not be read: one visible message with a retry, not a 404 per section. */
export function RegistryErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('host');
  return (
    <StatusPanel
      status="warning"
      title={t('remote.registry')}
      text={t('remote.registryText')}
      extra={<PlainButton variant="primary" onClick={onRetry}>{t('remote.retry')}</PlainButton>}
      testId="registry-error"
    />
  );
}

/**
 * A failure in place of a section: an icon, a heading, a line of text, an action. Written here
 * rather than antd's Result, whose illustrations would be one more chunk on every cabinet load.
 */
function StatusPanel({ status, title, text, extra, testId }: { status: 'warning' | 'error'; title: string; text: string; extra?: ReactNode; testId: string }) {
  const Icon = status === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, padding: '48px 24px', textAlign: 'center' }} data-testid={testId}>
      <Icon style={{ fontSize: 64, color: status === 'error' ? token.colorError : token.colorWarning }} aria-hidden />
      <ScreenTitle style={{ margin: '16px 0 0' }}>{title}</ScreenTitle>
      <MutedText block style={{ margin: 0 }}>{text}</MutedText>
      {extra && <div style={{ marginTop: 16 }}>{extra}</div>}
    </div>
  );
}
