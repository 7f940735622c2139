// A secret shown once (a deploy key, an exchange account's key): the server keeps only its hash.
// The warning, the key selectable in a field, «Скопировать» (its outcome said in a status region,
// with the key left to select by hand when the clipboard is refused) and «Готово».
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input/Input';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { token } from '@portal/shared/ui/tokens';

export interface ShownKeyWords { once: string; label: string; copy: string; copied: string; copyFailed: string; done: string }

export function ShownKey({ id, secret, words, onDone }: { id: string; secret: string; words: ShownKeyWords; onDone(): void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyKey = async () => {
    try {
      // Missing outside a secure context: said as a failure, the key stays selectable by hand.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={words.once} />
      <label htmlFor={id}>{words.label}</label>
      <Flex gap={8} wrap>
        <Input id={id} readOnly value={secret} style={{ flex: '1 1 240px', fontFamily: token.fontFamilyCode }}
          onFocus={(event) => event.currentTarget.select()} />
        <Button icon={copy === 'copied' ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} onClick={copyKey}>{words.copy}</Button>
      </Flex>
      <div role="status">
        {copy === 'copied' && words.copied}
        {copy === 'failed' && words.copyFailed}
      </div>
      <Flex justify="end">
        <Button type="primary" onClick={onDone}>{words.done}</Button>
      </Flex>
    </Flex>
  );
}
