// A remote's releases, newest first: the live one tagged, those whose files are gone marked (they
// can never be live again), and «Сделать текущим» on an older release that still has its files.
// On a phone (below 768 px) the table keeps the release, its state and the button, and wraps inside
// the screen; the version, contract, commit and dates show from 768 px (the live one's in its card).
import type { ReactNode } from 'react';
import Table from 'antd/es/table';
import { useTranslation } from '@portal/shared';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText } from '@portal/shared/ui/text';
import type { Release } from './api';
import { Code, Commit, Optional, TableScroller } from './release-parts';
import { WhenWho } from '../../components/when-who';

export interface ReleaseHistoryProps {
  releases: Release[];
  /** The control that makes a release live (a confirm button), for a release that may become live. */
  activateButton(release: Release): ReactNode;
  /** The id of the heading that names the table. */
  labelledBy: string;
}

export function ReleaseHistory({ releases, activateButton, labelledBy }: ReleaseHistoryProps) {
  const { t } = useTranslation('admin');
  const narrow = useIsNarrow();
  if (releases.length === 0) return <MutedText block>{t('releases.empty')}</MutedText>;
  return (
    <TableScroller labelledBy={labelledBy}>
      <Table<Release>
        style={narrow ? undefined : { minWidth: 'max-content' }}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={releases}
        columns={[
          { title: t('releases.fields.id'), dataIndex: 'id', render: (id: string) => <Code>{id}</Code> },
          {
            title: t('releases.fields.state'), key: 'state',
            render: (_v, release) => {
              if (release.live) return <StatusTag status="approved" label={t('releases.liveTag')} />;
              if (!release.files_kept) return <StatusTag status="closed" label={t('releases.filesGone')} />;
              return null;
            },
          },
          { hidden: narrow, title: t('releases.fields.version'), dataIndex: 'version', render: (version: string | null) => <Optional value={version} /> },
          { hidden: narrow, title: t('releases.fields.contract'), dataIndex: 'contract_version' },
          { hidden: narrow, title: t('releases.fields.commit'), dataIndex: 'git_sha', render: (sha: string | null) => <Commit sha={sha} /> },
          { hidden: narrow, title: t('releases.fields.deployed'), key: 'deployed', render: (_v, release) => <WhenWho at={release.created_at} by={release.created_by} /> },
          { hidden: narrow, title: t('releases.fields.activated'), key: 'activated', render: (_v, release) => <WhenWho at={release.activated_at} by={release.activated_by} /> },
          {
            title: t('releases.fields.actions'), key: 'actions',
            render: (_v, release) => (!release.live && release.files_kept ? activateButton(release) : null),
          },
        ]}
      />
    </TableScroller>
  );
}
