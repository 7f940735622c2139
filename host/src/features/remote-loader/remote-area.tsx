import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { CONTRACT_VERSION, useTranslation } from '@portal/shared';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { PulseSpinner } from '../../components/pulse-spinner';
import type { RemoteSlot } from './remotes-context';

/** One remote's part of the page: its spinner, its error panel, its routes. Scoped: others go on. */
export function RemoteArea({ remote, onRetry }: { remote: RemoteSlot; onRetry: () => void }) {
  const { status } = remote;
  if (status.state === 'loading') return <PulseSpinner />;
  if (status.state === 'failed') return <RemoteErrorPanel name={remote.name} onRetry={onRetry} />;
  if (status.state === 'refused') return <RemoteRefused name={remote.name} remoteVersion={status.remoteVersion} />;
  return (
    <RemoteErrorBoundary name={remote.name} onRetry={onRetry}>
      <Suspense fallback={<PulseSpinner />}>
        <RemoteRoutes routes={status.module.routes} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteRoutes({ routes }: { routes: Parameters<typeof useRoutes>[0] }) {
  return useRoutes(routes);
}

export function RemoteErrorPanel({ name, onRetry, detail }: { name: string; onRetry: () => void; detail?: string }) {
  const { t } = useTranslation('host');
  return (
    <Result
      status="warning"
      title={t('remote.failed', { name })}
      subTitle={detail ?? t('remote.failedText')}
      extra={<Button type="primary" onClick={onRetry}>{t('remote.retry')}</Button>}
      data-testid={`remote-error-${name}`}
    />
  );
}

function RemoteRefused({ name, remoteVersion }: { name: string; remoteVersion: string }) {
  const { t } = useTranslation('host');
  return (
    <Result
      status="error"
      title={t('remote.refused', { name })}
      subTitle={t('remote.refusedText', { remote: remoteVersion, host: CONTRACT_VERSION })}
      data-testid={`remote-refused-${name}`}
    />
  );
}

/** A render error or a failed screen chunk inside a remote ends in that remote's panel. */
export class RemoteErrorBoundary extends Component<{ name: string; onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) { return { error }; }
  componentDidCatch(error: Error, info: ErrorInfo) { console.error(`[portal] remote ${this.props.name} failed`, error, info.componentStack); }
  retry = () => { this.setState({ error: null }); this.props.onRetry(); };
  render() {
    if (this.state.error) return <RemoteErrorPanel name={this.props.name} onRetry={this.retry} />;
    return this.props.children;
  }
}
