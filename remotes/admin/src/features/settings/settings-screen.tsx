// «Настройки» (admin only, issue 18 item 6): the settings as a form, grouped, each with its name and
// help (general-settings.tsx); the dealer agreement as a publication, with what changed in each
// version and who signed which and when (agreement-section.tsx, agreement-versions.tsx); and, only
// when there are any, the other settings an admin added by hand, changed or deleted one by one.
// What an action did is said as every action's answer is (useSay, the host's one live region). On a
// phone (below 768 px) the other settings keep their name and buttons; the value shows from 768 px.
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector, useTranslation, type ContractVersion, type Variable } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { ScreenTitle, SectionTitle, MutedText } from '@portal/shared/ui/text';
import { AdminOnly } from '../../admin-only';
import { useApiGet } from '@portal/shared/ui/use-item';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { AgreementSection } from './agreement-section';
import { AgreementVersions } from './agreement-versions';
import { GeneralSettings } from './general-settings';
import { VariableForm } from './variable-form';
import { ALL_VARIABLES, variablesArea } from './variables-slice';
import './translations';

/** The keys the portal reads (design §5): in the form and the agreement, never in «Другие настройки». */
const KNOWN_KEYS = ['contract_text', 'min_order_total', 'support_email'];

export default function SettingsScreen() {
  const { t } = useTranslation('admin');
  return <AdminOnly text={t('settings.adminOnlyText')}><Settings /></AdminOnly>;
}

/**
 * Every variable through the variables' area, read when the screen opens and again after a change.
 * Only a failed read is this list's error; a failed save or delete is said where it was made.
 */
function useVariables() {
  const dispatch = useAppDispatch();
  const { items } = useAppSelector(variablesArea.selectArea);
  const [read, setRead] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setLoading(true);
    setError(null);
    void dispatch(variablesArea.fetchList(ALL_VARIABLES)).then((result) => {
      setLoading(false);
      if (result.meta.requestStatus === 'fulfilled') setRead(true);
      else setError(String(result.payload ?? ''));
    });
  }, [dispatch]);
  useEffect(reload, [reload]);
  const remove = async (variable: Variable) => {
    await dispatch(variablesArea.remove(variable.id)).unwrap();
    reload();
  };
  return { items: read ? items : null, loading, error, reload, remove };
}

function Settings() {
  const { t } = useTranslation('admin');
  const variables = useVariables();
  const versions = useApiGet<ContractVersion[]>('/api/contract/versions/');
  /** The other setting in the dialog, or none (closed). */
  const [editing, setEditing] = useState<Variable | null>(null);
  const say = useSay();
  const narrow = useIsNarrow();

  const items = variables.items;
  const others = items?.filter((v) => !KNOWN_KEYS.includes(v.key)) ?? [];
  const agreement = items?.find((v) => v.key === 'contract_text');

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      <ScreenTitle style={{ margin: 0 }}>{t('settings.title')}</ScreenTitle>
      {variables.error && <Alert type="error" showIcon title={variables.error} action={<Button size="small" onClick={variables.reload}>↻</Button>} />}
      {!items ? variables.loading && <Skeleton active /> : (
        <GeneralSettings
          key={items.map((v) => `${v.key}=${v.value}`).join('&')}
          variables={items}
          onSaved={(text) => { say(text); variables.reload(); }}
        />
      )}

      <section aria-labelledby="settings-agreement">
        <SectionTitle style={{ marginTop: 0 }}><span id="settings-agreement">{t('settings.agreement')}</span></SectionTitle>
        {versions.error && <Alert type="error" showIcon title={versions.error} style={{ marginBottom: 12 }} />}
        {items && versions.data ? (
          <AgreementSection
            text={agreement?.value ?? ''}
            current={versions.data[0] ?? null}
            onPublished={(text) => { say(text); versions.reload(); variables.reload(); }}
          />
        ) : !versions.error && <Skeleton active paragraph={{ rows: 2 }} />}
      </section>

      <section aria-labelledby="settings-versions">
        <SectionTitle style={{ marginTop: 0 }}><span id="settings-versions">{t('settings.versions')}</span></SectionTitle>
        {versions.data ? <AgreementVersions versions={versions.data} /> : versions.status === 'loading' && <Skeleton active />}
      </section>

      {others.length > 0 && (
        <section aria-labelledby="settings-other">
          <SectionTitle style={{ marginTop: 0 }}><span id="settings-other">{t('settings.other')}</span></SectionTitle>
          <MutedText block>{t('settings.otherHint')}</MutedText>
          <Table<Variable>
            rowKey="id"
            pagination={false}
            dataSource={others}
            scroll={narrow ? undefined : { x: 'max-content' }}
            columns={[
              {
                title: t('settings.description'), key: 'name',
                render: (_v, v) => (
                  <Space orientation="vertical" size={0}>
                    <span>{v.description || v.key}</span>
                    {v.description && <MutedText>{v.key}</MutedText>}
                  </Space>
                ),
              },
              {
                hidden: narrow, title: t('settings.value'), key: 'value',
                render: (_v, v) => (v.value.trim() === '' ? <MutedText>{t('settings.empty')}</MutedText> : <Typography.Text ellipsis style={{ maxWidth: 420 }}>{v.value}</Typography.Text>),
              },
              {
                title: '', key: 'actions', align: 'end',
                render: (_v, v) => (
                  <Space wrap>
                    <Button onClick={() => setEditing(v)} aria-label={`${t('settings.edit')}: ${v.description || v.key}`}>{t('settings.edit')}</Button>
                    <ConfirmButton danger title={t('settings.removeTitle', { key: v.description || v.key })} content={t('settings.removeText')} okText={t('settings.remove')}
                      aria-label={`${t('settings.remove')}: ${v.description || v.key}`}
                      onConfirm={async () => { await variables.remove(v); say(t('settings.removed', { key: v.description || v.key })); }}>
                      {t('settings.remove')}
                    </ConfirmButton>
                  </Space>
                ),
              },
            ]}
          />
        </section>
      )}

      <Modal open={editing !== null} title={editing && (editing.description || editing.key)} footer={null} width={640} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing && (
          <VariableForm variable={editing} onCancel={() => setEditing(null)}
            onSaved={(saved) => { setEditing(null); variables.reload(); say(t('settings.variableSaved', { key: saved.description || saved.key })); }} />
        )}
      </Modal>
    </div>
  );
}
