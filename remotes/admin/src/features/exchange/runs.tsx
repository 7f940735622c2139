// Every exchange with 1C, newest first (issue 33 item 4): when, what (catalogue or orders), which
// account, the result, what it created, updated, withdrew and skipped, its files to download as 1C
// posted them, and its errors (which element, why) under a disclosure. Paged by the address.
import { useState } from 'react';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { downloadFile } from '@portal/shared/ui/download-file';
import { DateText, FileSize } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { Pager } from '@portal/shared/ui/pager';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText, SectionTitle } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { RUNS_PATH, runFilePath, type ExchangeRun, type ExchangeRunsPage } from './api';
import './exchange.css';

const PAGE_SIZE = 20;
/** The status tag's colour of a run's result. */
const TONE_OF = { running: 'pending', success: 'approved', failure: 'rejected' } as const;

export function ExchangeRuns({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { t } = useTranslation('admin');
  const runs = useApiGet<ExchangeRunsPage>(RUNS_PATH, { page, page_size: PAGE_SIZE });
  return (
    <section aria-labelledby="exchange-runs">
      <SectionTitle><span id="exchange-runs">{t('exchange.runs')}</span></SectionTitle>
      {runs.error && <ListError message={runs.error} onRetry={runs.reload} />}
      {runs.status === 'loading' && !runs.data && <Skeleton active paragraph={{ rows: 4 }} />}
      {runs.data && runs.data.count === 0 && <MutedText block>{t('exchange.runsEmpty')}</MutedText>}
      {runs.data && runs.data.count > 0 && (
        <>
          <div className="exchange-runs-scroll">
            <table className="exchange-runs" aria-labelledby="exchange-runs">
              <thead>
                <tr>
                  <th scope="col">{t('exchange.runColumns.started')}</th>
                  <th scope="col">{t('exchange.runColumns.kind')}</th>
                  <th scope="col">{t('exchange.runColumns.status')}</th>
                  <th scope="col">{t('exchange.runColumns.counts')}</th>
                  <th scope="col">{t('exchange.runColumns.files')}</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.results.map((run) => <RunRow key={run.id} run={run} />)}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={runs.data.count} onChange={onPage} style={{ marginTop: 12 }} />
        </>
      )}
    </section>
  );
}

function RunRow({ run }: { run: ExchangeRun }) {
  const { t } = useTranslation('admin');
  const say = useSay();
  const [busy, setBusy] = useState<number | null>(null);
  const counts = { created: run.created, updated: run.updated, withdrawn: run.withdrawn, skipped: run.skipped };
  const download = async (file: ExchangeRun['files'][number]) => {
    setBusy(file.id);
    try {
      await downloadFile(runFilePath(run.id, file.id), {}, file.name);
    } catch (err) {
      say(t('exchange.downloadFailed', { name: file.name, message: (err as Error).message }), { tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <tr>
      <td data-label={t('exchange.runColumns.started')}>
        <DateText value={run.started_at} time />
        <MutedText block style={{ margin: 0 }}>{run.account}</MutedText>
      </td>
      <td data-label={t('exchange.runColumns.kind')}>{t(`exchange.kinds.${run.kind}`)}</td>
      <td data-label={t('exchange.runColumns.status')}><StatusTag status={TONE_OF[run.status]} label={t(`exchange.statuses.${run.status}`)} /></td>
      <td data-label={t('exchange.runColumns.counts')}>
        <span aria-label={t('exchange.countsLabel', counts)}>{t('exchange.counts', counts)}</span>
        {run.errors.length > 0 && (
          <details className="exchange-errors">
            <summary>{t('exchange.errors', { count: run.errors.length })}</summary>
            <ul>
              {run.errors.map((error, index) => (
                <li key={index}>
                  <MutedText>{t('exchange.errorWhere', { file: error.file, element: error.element || '—' })}</MutedText>
                  <div>{error.message}</div>
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
      <td data-label={t('exchange.runColumns.files')}>
        {run.files.length === 0 ? <MutedText>{t('exchange.noFiles')}</MutedText> : (
          <ul className="exchange-files">
            {run.files.map((file) => (
              <li key={file.id}>
                <PlainButton variant="link" disabled={busy === file.id} aria-label={t('exchange.downloadFile', { name: file.name })} onClick={() => download(file)}>
                  {file.name}
                </PlainButton>{' '}
                <MutedText><FileSize bytes={file.size} /></MutedText>
                {file.status === 'failed' && <div className="exchange-file-failed">{file.message}</div>}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
