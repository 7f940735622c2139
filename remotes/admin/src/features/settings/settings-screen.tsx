// «Настройки» (admin only): the variables, each changed in a dialog with the widget its key needs;
// variables of the admin's own are created and deleted (with a confirm), the known ones stay; and
// the agreement's versions with who signed which and when. A new agreement text is a new version
// (the server decides: saving the same text again is none), so the versions are read again after it.
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector, useTranslation, type ContractVersion, type Variable } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { Money } from '@portal/shared/ui/format';
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
import { AgreementVersions } from './agreement-versions';
import { VariableForm } from './variable-form';
import { ALL_VARIABLES, variablesArea } from './variables-slice';

/** The keys the portal reads (design §5): changed here, never deleted or created anew. */
const KNOWN_KEYS = ['contract_text', 'min_order_total', 'support_email'] as const;
const isKnown = (key: string): key is typeof KNOWN_KEYS[number] => (KNOWN_KEYS as readonly string[]).includes(key);

export default function SettingsScreen() {
  const { t } = useTranslation('admin');
  return <AdminOnly text={t('settings.adminOnlyText')}><Settings /></AdminOnly>;
}

/**
 * Every variable through the variables' area, read when the screen opens and again after a change
 * (so a new one takes its place by key). Only a failed read is this list's error; a failed save or
 * delete is said where it was made.
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
  /** The variable in the dialog: one of the list, 'new', or none (closed). */
  const [editing, setEditing] = useState<Variable | 'new' | null>(null);
  /** What the last save did, said on the screen (the remote has no toast host of its own). */
  const [notice, setNotice] = useState<string | null>(null);

  const saved = (variable: Variable) => {
    const before = editing === 'new' ? null : editing;
    setEditing(null);
    variables.reload();
    if (variable.key === 'contract_text' && before?.value !== variable.value) {
      versions.reload();
      setNotice(t('settings.newVersion'));
    } else setNotice(t('settings.saved'));
  };

  const shown = (variable: Variable) => {
    if (variable.value.trim() === '') return <MutedText>{t('settings.empty')}</MutedText>;
    if (variable.key === 'min_order_total') return <Money value={variable.value} />;
    return <Typography.Text ellipsis style={{ maxWidth: 420 }}>{variable.value}</Typography.Text>;
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      <ScreenTitle style={{ margin: 0 }}>{t('settings.title')}</ScreenTitle>

      <section aria-labelledby="settings-variables">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <SectionTitle style={{ margin: 0 }}><span id="settings-variables">{t('settings.variables')}</span></SectionTitle>
          <Button type="primary" onClick={() => setEditing('new')}>{t('settings.add')}</Button>
        </Space>
        {notice && <Alert type="success" showIcon closable={{ onClose: () => setNotice(null) }} title={notice} role="status" style={{ marginBottom: 12 }} />}
        {variables.error && <Alert type="error" showIcon title={variables.error} action={<Button size="small" onClick={variables.reload}>↻</Button>} />}
        {variables.loading && !variables.items ? <Skeleton active /> : variables.items && (
          <Table<Variable>
            rowKey="id"
            pagination={false}
            dataSource={variables.items}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('settings.key'), dataIndex: 'key',
                render: (key: string, v) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text code>{key}</Typography.Text>
                    <MutedText>{isKnown(key) ? t(`settings.known.${key}`) : v.description}</MutedText>
                  </Space>
                ),
              },
              { title: t('settings.value'), key: 'value', render: (_v, v) => shown(v) },
              {
                title: '', key: 'actions', align: 'end',
                render: (_v, v) => (
                  <Space>
                    <Button onClick={() => setEditing(v)} aria-label={`${t('settings.edit')}: ${v.key}`}>{t('settings.edit')}</Button>
                    {!isKnown(v.key) && (
                      <ConfirmButton danger title={t('settings.removeTitle', { key: v.key })} content={t('settings.removeText')} okText={t('settings.remove')}
                        aria-label={`${t('settings.remove')}: ${v.key}`}
                        onConfirm={() => variables.remove(v)}>
                        {t('settings.remove')}
                      </ConfirmButton>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="settings-versions">
        <SectionTitle style={{ marginTop: 0 }}><span id="settings-versions">{t('settings.versions')}</span></SectionTitle>
        {versions.error && <Alert type="error" showIcon title={versions.error} />}
        {versions.data ? <AgreementVersions versions={versions.data} /> : versions.status === 'loading' && <Skeleton active />}
      </section>

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('settings.add') : editing && (isKnown(editing.key) ? t(`settings.known.${editing.key}`) : editing.key)}
        footer={null}
        width={editing !== 'new' && editing?.key === 'contract_text' ? 1100 : 640}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null && <VariableForm variable={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />}
      </Modal>
    </div>
  );
}
