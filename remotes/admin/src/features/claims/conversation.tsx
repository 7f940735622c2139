// A claim's conversation: the dealer's and staff's messages, oldest first, each with its files;
// staff's internal notes stand apart («Внутренняя заметка») and only staff ever receive them (the
// API leaves them out of a dealer's answer). A message is sent with one file, its progress shown.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import { token } from '@portal/shared/ui/tokens';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { errorMessage, selectIsStaff, useAppSelector, useTranslation, type ClaimComment, type Paginated } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { MutedText, PlainText, SectionTitle } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { commentsPath, postComment } from './api';
import { ClaimFiles } from './claim-files';
import { FilesPicker } from './files-picker';

function Message({ comment }: { comment: ClaimComment }) {
  const { t } = useTranslation('admin');
  // A note looks different from a reply at a glance: a tinted, dashed card with a lock, set in from the left.
  const note = comment.internal
    ? { background: token.colorWarningBg, borderColor: token.colorWarningBorder, borderStyle: 'dashed', marginInlineStart: 24 }
    : undefined;
  return (
    <li data-testid="claim-message" data-internal={comment.internal || undefined} style={{ listStyle: 'none' }}>
      <Card size="small" style={note}>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 4 }}>
          <PlainText strong>{comment.author_name}</PlainText>
          {comment.author_is_staff && <MutedText>{t('claims.thread.staff')}</MutedText>}
          <MutedText><DateText value={comment.created_at} time /></MutedText>
          {comment.internal && <Tag icon={<LockOutlined aria-hidden />} style={{ color: token.colorText }}>{t('claims.thread.internal')} — {t('claims.thread.internalHint')}</Tag>}
        </Flex>
        <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{comment.body}</p>
        {comment.files.length > 0 && <div style={{ marginTop: 8 }}><ClaimFiles files={comment.files} /></div>}
      </Card>
    </li>
  );
}

export function Conversation({ claimId }: { claimId: number }) {
  const { t } = useTranslation('admin');
  const isStaff = useAppSelector(selectIsStaff);
  const { data, status, error, reload } = useApiGet<Paginated<ClaimComment>>(commentsPath(claimId));
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const send = async () => {
    if (!body.trim()) { setMissing(true); return; }
    setFailure(null);
    setPercent(0);
    try {
      await postComment(claimId, body.trim(), isStaff && internal, files[0] ?? null, setPercent);
      setBody('');
      setFiles([]);
      setInternal(false);
      reload();
    } catch (err) {
      setFailure(t('claims.thread.sendFailed', { message: errorMessage(err) }));
    } finally {
      setPercent(null);
    }
  };

  return (
    <section aria-labelledby="claim-thread" style={{ marginTop: 24 }}>
      <SectionTitle style={{ marginTop: 0 }}><span id="claim-thread">{t('claims.thread.title')}</span></SectionTitle>
      {status === 'error' && <ListError message={error ?? ''} onRetry={reload} />}
      {data && (data.results.length
        ? <ul style={{ padding: 0, margin: '0 0 16px', display: 'flex', flexDirection: 'column', gap: 8 }}>{data.results.map((c) => <Message key={c.id} comment={c} />)}</ul>
        : <MutedText block style={{ marginBottom: 16 }}>{t('claims.thread.empty')}</MutedText>)}
      <Flex vertical gap={8} style={{ maxWidth: 720 }}>
        <label htmlFor="claim-message">{t('claims.thread.message')}</label>
        <Input.TextArea id="claim-message" value={body} status={missing ? 'error' : undefined} aria-invalid={missing || undefined}
          aria-describedby={missing ? 'claim-message-error' : undefined}
          onChange={(event) => { setBody(event.target.value); setMissing(false); }} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} disabled={percent !== null} />
        {missing && <span id="claim-message-error" role="alert"><MutedText>{t('claims.thread.messageRequired')}</MutedText></span>}
        <FilesPicker single files={files} onChange={setFiles} disabled={percent !== null} label={t('claims.thread.attach')} />
        {percent !== null && files[0] && <Progress percent={percent} size="small" aria-label={t('claims.create.sending', { name: files[0].name })} />}
        {failure && <Alert type="error" showIcon title={failure} />}
        {/* The note-or-reply choice sits by the button it changes. */}
        <Flex gap={16} align="center" wrap>
          <Button type="primary" onClick={() => void send()} loading={percent !== null}>{internal && isStaff ? t('claims.thread.sendNote') : t('claims.thread.send')}</Button>
          {isStaff && <Checkbox checked={internal} onChange={(event) => setInternal(event.target.checked)} disabled={percent !== null}>{t('claims.thread.asNote')}</Checkbox>}
        </Flex>
      </Flex>
    </section>
  );
}
