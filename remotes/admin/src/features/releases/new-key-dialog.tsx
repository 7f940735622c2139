// «Создать ключ»: a deploy key's name, then the key itself, shown this once (the server keeps only
// its hash). Closing the dialog forgets it: reopening starts a new key, never shows the old one.
// «Ключ создан» is said as every action's answer is (useSay); the key and its warning stay in the
// dialog, since they cannot be read again.
import { useState } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import { useTranslation } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { ShownKey } from '../../components/shown-key';
import { createKey, type NewDeployKey } from './api';

interface Values { name: string }

export interface NewKeyDialogProps {
  remote: string;
  open: boolean;
  /** After the dialog closes, with the key made in it (if any). */
  onClose(created: NewDeployKey | null): void;
}

export function NewKeyDialog({ remote, open, onClose }: NewKeyDialogProps) {
  const { t } = useTranslation('admin');
  const say = useSay();
  const [created, setCreated] = useState<NewDeployKey | null>(null);
  const close = () => onClose(created);
  const shown = (key: NewDeployKey) => {
    setCreated(key);
    say(t('releases.keyCreated', { name: key.name }));
  };
  return (
    <Modal open={open} title={t('releases.newKeyTitle', { name: remote })} footer={null} onCancel={close} destroyOnHidden
      afterClose={() => setCreated(null)}
      // Once the key is shown, a click beside the dialog must not lose it unread.
      mask={{ closable: created === null }}>
      {created ? <ShownKey id={`deploy-key-${created.id}`} secret={created.key} onDone={close} words={{
        once: t('releases.keyOnce'), label: t('releases.key'), copy: t('releases.copy'), copied: t('releases.copied'), copyFailed: t('releases.copyFailed'), done: t('releases.done'),
      }} /> : <KeyNameForm remote={remote} onCreated={shown} onCancel={close} />}
    </Modal>
  );
}

function KeyNameForm({ remote, onCreated, onCancel }: { remote: string; onCreated(key: NewDeployKey): void; onCancel(): void }) {
  const { t } = useTranslation('admin');
  const binding = useResourceForm<Values, NewDeployKey>({
    name: `deploy-key-${remote}`, submit: (body) => createKey(remote, body as Values), onSaved: onCreated,
  });
  return (
    <ResourceForm binding={binding} submitText={t('releases.create')} onCancel={onCancel}>
      <Form.Item name="name" label={t('releases.keyName')} extra={t('releases.keyNameHint')}
        rules={[{ required: true, whitespace: true, message: t('releases.keyNameRequired') }]}>
        <Input autoFocus autoComplete="off" maxLength={100} />
      </Form.Item>
    </ResourceForm>
  );
}
