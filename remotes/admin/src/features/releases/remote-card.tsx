// One remote: its live release, «Откатить», its history with «Сделать текущим», and its deploy keys.
// Both changes wait for the server (ConfirmButton) and then show the state the server answered, said
// as every action's answer is (useSay); the focus goes to the live release, since the button pressed
// may be gone (a release made live loses its «Сделать текущим»). Each sends If-Match with the live
// release shown here: when another deploy came first (412) the change is not made, the screen says
// so and reads the state again, and the admin decides anew.
import { useRef } from 'react';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import { errorMessage, useTranslation } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { MutedText, SectionTitle } from '@portal/shared/ui/text';
import { activate, isMoved, rollback, type Release, type RemoteState } from './api';
import { DeployKeys } from './deploy-keys';
import { ReleaseHistory } from './release-history';
import { ActivationLog } from './activation-log';
import { Code, Commit, Optional, SubTitle } from './release-parts';
import { WhenWho } from '../../components/when-who';

export interface RemoteCardProps {
  remote: RemoteState;
  /** The server's answer to a change: the remote's new state. */
  onChanged(state: RemoteState): void;
  /** Read every remote's state again (the live pointer moved under us). */
  onReload(): void;
}

export function RemoteCard({ remote, onChanged, onReload }: RemoteCardProps) {
  const { t } = useTranslation('admin');
  const say = useSay();
  const liveGroup = useRef<HTMLDivElement>(null);
  const { name, live } = remote;
  const ids = { title: `releases-${name}`, live: `releases-${name}-live`, history: `releases-${name}-history`, activations: `releases-${name}-activations` };

  /** Runs a change of the live pointer; a 412 is said on the card, not in the dialog, and the state read again. */
  const change = async (send: () => Promise<RemoteState>, done: (state: RemoteState) => string) => {
    try {
      const state = await send();
      onChanged(state);
      say(done(state));
    } catch (err) {
      if (!isMoved(err)) throw err;
      say(`${t('releases.moved', { name })} ${errorMessage(err)}`, { tone: 'warning' });
      onReload();
    }
    liveGroup.current?.focus();
  };

  const liveId = (state: RemoteState) => state.live?.id ?? t('releases.none');

  const activateButton = (release: Release) => (
    <ConfirmButton size="small" aria-label={t('releases.activateLabel', { id: release.id })}
      title={t('releases.activateTitle', { id: release.id })}
      content={live ? t('releases.activateText', { name, live: live.id, id: release.id }) : t('releases.activateTextFirst', { name, id: release.id })}
      okText={t('releases.activate')}
      onConfirm={() => change(() => activate(name, release.id, live?.id), (state) => t('releases.activated', { name, id: liveId(state) }))}>
      {t('releases.activate')}
    </ConfirmButton>
  );

  return (
    <section aria-labelledby={ids.title}>
      <Card>
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="baseline" wrap gap={8}>
            <SectionTitle style={{ margin: 0 }}><span id={ids.title}>{t('releases.remote', { name })}</span></SectionTitle>
            <MutedText><Code>{remote.base_path}</Code></MutedText>
          </Flex>
          <div ref={liveGroup} role="group" aria-labelledby={ids.live} tabIndex={-1} style={{ outline: 'none' }}>
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
              <SubTitle id={ids.live}>{t('releases.live')}</SubTitle>
              {/* Only when there is a release to return to (the one live before, its files kept). */}
              {live && remote.rollback_to && (
                <ConfirmButton danger icon={<RollbackOutlined aria-hidden />}
                  title={t('releases.rollbackTitle', { name })} content={t('releases.rollbackText', { id: live.id, to: remote.rollback_to })} okText={t('releases.rollback')}
                  onConfirm={() => change(() => rollback(name, live.id), (state) => t('releases.rolledBack', { name, id: liveId(state) }))}>
                  {t('releases.rollback')}
                </ConfirmButton>
              )}
            </Flex>
            {live ? (
              <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 3 }} items={[
                { key: 'id', label: t('releases.fields.id'), children: <Code>{live.id}</Code> },
                { key: 'version', label: t('releases.fields.version'), children: <Optional value={live.version} /> },
                { key: 'contract', label: t('releases.fields.contract'), children: live.contract_version },
                { key: 'commit', label: t('releases.fields.commit'), children: <Commit sha={live.git_sha} /> },
                { key: 'deployed', label: t('releases.fields.deployed'), children: <WhenWho at={live.created_at} by={live.created_by} /> },
                { key: 'activated', label: t('releases.fields.activated'), children: <WhenWho at={live.activated_at} by={live.activated_by} /> },
              ]} />
            ) : <MutedText block>{t('releases.noLive')}</MutedText>}
          </div>

          <div>
            <Flex justify="space-between" align="baseline" wrap gap={8} style={{ marginBottom: 8 }}>
              <SubTitle id={ids.history}>{t('releases.history')}</SubTitle>
              {remote.releases.length > 0 && <MutedText>{t('releases.historyCount', { count: remote.releases.length })}</MutedText>}
            </Flex>
            <ReleaseHistory releases={remote.releases} activateButton={activateButton} labelledBy={ids.history} />
          </div>

          <div>
            <SubTitle id={ids.activations}>{t('releases.activations')}</SubTitle>
            <div style={{ marginTop: 8 }}><ActivationLog activations={remote.activations} labelledBy={ids.activations} /></div>
          </div>

          <DeployKeys remote={name} />
        </Flex>
      </Card>
    </section>
  );
}
