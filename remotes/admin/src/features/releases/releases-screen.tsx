// «Релизы разделов» (admin only, design §3 "Releases", §13): every remote with its live release, its
// history and its deploy keys. A change answers with the remote's new state, which replaces that
// remote's card until the list is read again (a retry, or a 412 that says the state moved).
import { useState } from 'react';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from '@portal/shared';
import { ListError } from '@portal/shared/ui/list-error';
import { MutedText, ScreenTitle, SectionTitle } from '@portal/shared/ui/text';
import { AdminOnly } from '../../admin-only';
import { useApiGet } from '@portal/shared/ui/use-item';
import { REMOTES_PATH, type RemoteState } from './api';
import { RemoteCard } from './remote-card';
import './translations';

export default function ReleasesScreen() {
  const { t } = useTranslation('admin');
  return <AdminOnly text={t('releases.adminOnlyText')}><Releases /></AdminOnly>;
}

/** The states the server answered to changes, over the list they were made on. */
interface Changes {
  of: RemoteState[] | null;
  remotes: Record<string, RemoteState>;
}

function Releases() {
  const { t } = useTranslation('admin');
  const list = useApiGet<RemoteState[]>(REMOTES_PATH);
  const [changes, setChanges] = useState<Changes>({ of: null, remotes: {} });
  // A list read again is newer than any answer before it: the changes made on the old one drop.
  const changed = changes.of === list.data ? changes.remotes : {};
  const remember = (state: RemoteState) => setChanges({ of: list.data, remotes: { ...changed, [state.name]: state } });

  return (
    <Flex vertical gap={24}>
      <div>
        <ScreenTitle>{t('releases.title')}</ScreenTitle>
        <MutedText block style={{ margin: 0 }}>{t('releases.intro')}</MutedText>
      </div>
      {list.error && <ListError message={list.error} onRetry={list.reload} />}
      {list.status === 'loading' && !list.data && <Skeleton active paragraph={{ rows: 8 }} />}
      {list.data?.length === 0 && (
        <div role="status" style={{ textAlign: 'center', padding: '32px 16px' }}>
          <SectionTitle>{t('releases.empty')}</SectionTitle>
          <MutedText block style={{ margin: 0 }}>{t('releases.emptyText')}</MutedText>
        </div>
      )}
      {list.data?.map((remote) => (
        <RemoteCard key={remote.name} remote={changed[remote.name] ?? remote} onChanged={remember} onReload={list.reload} />
      ))}
    </Flex>
  );
}
