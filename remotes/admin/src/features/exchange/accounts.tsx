// The exchange accounts 1C signs in with (issue 33 item 4): login, when made and by whom, the last
// exchange, «Удалить» with a confirm. «Создать учётную запись обмена» asks for a login, then shows
// the key once (it is 1C's password; the server keeps only its hash).
import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import { useTranslation } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { MutedText, SectionTitle } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { ShownKey } from '../../components/shown-key';
import { WhenWho } from '../../components/when-who';
import { ACCOUNTS_PATH, createAccount, deleteAccount, type ExchangeAccount, type NewExchangeAccount } from './api';

export function ExchangeAccounts() {
  const { t } = useTranslation('admin');
  const accounts = useApiGet<ExchangeAccount[]>(ACCOUNTS_PATH);
  const [creating, setCreating] = useState(false);
  const say = useSay();
  const narrow = useIsNarrow();

  const remove = async (account: ExchangeAccount) => {
    await deleteAccount(account.id);
    say(t('exchange.deleted', { login: account.login }));
    accounts.reload();
  };

  return (
    <section aria-labelledby="exchange-accounts">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <SectionTitle style={{ margin: 0 }}><span id="exchange-accounts">{t('exchange.accounts')}</span></SectionTitle>
        <Button icon={<KeyOutlined aria-hidden />} onClick={() => setCreating(true)}>{t('exchange.createAccount')}</Button>
      </Flex>
      <MutedText block>{t('exchange.accountsHint')}</MutedText>
      {accounts.error && <ListError message={accounts.error} onRetry={accounts.reload} />}
      {accounts.status === 'loading' && !accounts.data && <Skeleton active paragraph={{ rows: 2 }} />}
      {accounts.data && (accounts.data.length === 0 ? <MutedText block>{t('exchange.noAccounts')}</MutedText> : (
        <Table<ExchangeAccount>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={accounts.data}
          aria-labelledby="exchange-accounts"
          columns={[
            { title: t('exchange.accountColumns.login'), dataIndex: 'login' },
            { hidden: narrow, title: t('exchange.accountColumns.created'), key: 'created', render: (_v, account) => <WhenWho at={account.created_at} by={account.created_by} /> },
            {
              title: t('exchange.accountColumns.lastUsed'), dataIndex: 'last_used_at',
              render: (at: string | null) => (at ? <DateText value={at} time /> : <MutedText>{t('exchange.neverUsed')}</MutedText>),
            },
            {
              title: t('exchange.accountColumns.actions'), key: 'actions',
              render: (_v, account) => (
                <ConfirmButton danger title={t('exchange.deleteTitle', { login: account.login })} content={t('exchange.deleteText')}
                  okText={t('exchange.delete')} aria-label={t('exchange.deleteLabel', { login: account.login })} onConfirm={() => remove(account)}>
                  {t('exchange.delete')}
                </ConfirmButton>
              ),
            },
          ]}
        />
      ))}
      <NewAccountDialog open={creating} onClose={(created) => {
        setCreating(false);
        if (created) accounts.reload();
      }} />
    </section>
  );
}

function NewAccountDialog({ open, onClose }: { open: boolean; onClose(created: NewExchangeAccount | null): void }) {
  const { t } = useTranslation('admin');
  const say = useSay();
  const [created, setCreated] = useState<NewExchangeAccount | null>(null);
  const close = () => onClose(created);
  const binding = useResourceForm<{ login: string }, NewExchangeAccount>({
    name: 'exchange-account', submit: (body) => createAccount({ login: (body as { login: string }).login.trim() }),
    onSaved: (account) => {
      setCreated(account);
      say(t('exchange.accountCreated', { login: account.login }));
    },
  });
  return (
    <Modal open={open} title={t('exchange.newAccountTitle')} footer={null} onCancel={close} destroyOnHidden
      afterClose={() => setCreated(null)} mask={{ closable: created === null }}>
      {created ? (
        <ShownKey id={`exchange-key-${created.id}`} secret={created.key} onDone={close} words={{
          once: t('exchange.keyOnce'), label: t('exchange.key'), copy: t('exchange.copy'), copied: t('exchange.copied'), copyFailed: t('exchange.copyFailed'), done: t('exchange.done'),
        }} />
      ) : (
        <ResourceForm binding={binding} submitText={t('exchange.create')} onCancel={close}>
          <Form.Item name="login" label={t('exchange.login')} extra={t('exchange.loginHint')}
            rules={[{ required: true, whitespace: true, message: t('exchange.loginRequired') }, { pattern: /^\s*[A-Za-z0-9._-]{3,100}\s*$/, message: t('exchange.loginFormat') }]}>
            <Input autoFocus autoComplete="off" maxLength={100} />
          </Form.Item>
        </ResourceForm>
      )}
    </Modal>
  );
}
