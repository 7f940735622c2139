// A remote's deploy keys (design §3 "Releases"): each lets `portal-remote deploy` upload, make live
// and roll back this one remote. Made here (the key shown once), revoked with a confirm; a revoked
// key stays listed with when it was revoked, so that a failing CI job can be explained. On a phone
// (below 768 px) the table keeps the name, the state and «Отозвать», and wraps inside the screen.
import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import { useTranslation } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { keysPath, revokeKey, type DeployKey } from './api';
import { NewKeyDialog } from './new-key-dialog';
import { SubTitle, TableScroller } from './release-parts';
import { WhenWho } from '../../components/when-who';

export function DeployKeys({ remote }: { remote: string }) {
  const { t } = useTranslation('admin');
  const keys = useApiGet<DeployKey[]>(keysPath(remote));
  const [creating, setCreating] = useState(false);
  const say = useSay();
  const narrow = useIsNarrow();
  const heading = `releases-${remote}-keys`;

  const revoke = async (key: DeployKey) => {
    await revokeKey(remote, key.id);
    say(t('releases.revoked', { name: key.name }));
    keys.reload();
  };

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <SubTitle id={heading}>{t('releases.keys')}</SubTitle>
        <Button icon={<KeyOutlined aria-hidden />} aria-label={t('releases.createKeyLabel', { name: remote })}
          onClick={() => setCreating(true)}>
          {t('releases.createKey')}
        </Button>
      </Flex>
      <MutedText block>{t('releases.keysHint')}</MutedText>
      {keys.error && <ListError message={keys.error} onRetry={keys.reload} />}
      {keys.status === 'loading' && !keys.data && <Skeleton active paragraph={{ rows: 2 }} />}
      {keys.data && (keys.data.length === 0 ? <MutedText block>{t('releases.noKeys')}</MutedText> : (
        <TableScroller labelledBy={heading}>
          <Table<DeployKey>
            style={narrow ? undefined : { minWidth: 'max-content' }}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={keys.data}
            columns={[
              { title: t('releases.keyColumns.name'), dataIndex: 'name' },
              { hidden: narrow, title: t('releases.keyColumns.created'), key: 'created', render: (_v, key) => <WhenWho at={key.created_at} by={key.created_by} /> },
              {
                hidden: narrow, title: t('releases.keyColumns.lastUsed'), dataIndex: 'last_used_at',
                render: (at: string | null) => (at ? <DateText value={at} time /> : <MutedText>{t('releases.neverUsed')}</MutedText>),
              },
              {
                title: t('releases.keyColumns.state'), key: 'state',
                render: (_v, key) => (key.revoked_at ? (
                  <Flex vertical gap={2} align="start">
                    <StatusTag status="closed" label={t('releases.keyRevoked')} />
                    <DateText value={key.revoked_at} time />
                  </Flex>
                ) : <StatusTag status="approved" label={t('releases.keyActive')} />),
              },
              {
                title: t('releases.fields.actions'), key: 'actions',
                render: (_v, key) => !key.revoked_at && (
                  <ConfirmButton danger title={t('releases.revokeTitle', { name: key.name })} content={t('releases.revokeText')}
                    okText={t('releases.revoke')} aria-label={t('releases.revokeLabel', { name: key.name })} onConfirm={() => revoke(key)}>
                    {t('releases.revoke')}
                  </ConfirmButton>
                ),
              },
            ]}
          />
        </TableScroller>
      ))}
      <NewKeyDialog remote={remote} open={creating} onClose={(created) => {
        setCreating(false);
        if (created) keys.reload();
      }} />
    </div>
  );
}
