// The dealer agreement as a publication (issue 18 item 6, design §6 `POST /api/contract/versions/`):
// the version in force and what changed in it; «Опубликовать новую редакцию» opens the text as
// Markdown beside its live preview (the contract screen's own renderer) with «Что изменилось», which
// the dealers will read when they sign again. Publishing asks first, saying how many dealer users
// must sign (`GET /api/contract/must-sign/`) and what they can do until then.
import { useState } from 'react';
import { errorMessage, fieldErrors, useTranslation, type ApiResponse, type ContractVersion } from '@portal/shared';
import { MarkdownDocument } from '@portal/shared/ui/markdown-document';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { formatDate } from '@portal/shared/ui/format';
import { MutedText, PlainText } from '@portal/shared/ui/text';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { token } from '@portal/shared/ui/tokens';
import { mustSign, publishAgreement } from './api';

type Published = ApiResponse<'/api/contract/versions/', 'post'>;
interface Values { text: string; summary: string }

export function AgreementSection({ text, current, onPublished }: {
  /** The agreement's text in force ('' before the first publication). */
  text: string;
  /** The version in force, if any. */
  current: ContractVersion | null;
  /** After a publication, with what was said about it. */
  onPublished(notice: string): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <div>
      {current ? (
        <Space orientation="vertical" size={4} style={{ marginBottom: 12 }}>
          <PlainText>{t('settings.agreementNow', { number: current.number, date: formatDate(current.created_at, i18n.language) })}</PlainText>
          {current.summary ? <PlainText>{t('settings.summary')}: {current.summary}</PlainText> : <MutedText>{t('settings.noSummary')}</MutedText>}
        </Space>
      ) : <MutedText block>{t('settings.agreementNone')}</MutedText>}
      <div>
        <Button type="primary" onClick={() => setOpen(true)}>{current ? t('settings.publishNew') : t('settings.publishFirst')}</Button>
      </div>
      <Modal open={open} title={current ? t('settings.publishNew') : t('settings.publishFirst')} footer={null} width={1100} onCancel={() => setOpen(false)} destroyOnHidden>
        {open && (
          <PublishForm text={text} next={(current?.number ?? 0) + 1} onCancel={() => setOpen(false)}
            onPublished={(published) => { setOpen(false); onPublished(t('settings.published', { number: published.number, count: published.must_sign })); }} />
        )}
      </Modal>
    </div>
  );
}

function PublishForm({ text, next, onCancel, onPublished }: {
  text: string;
  /** The number the new version will have. */
  next: number;
  onCancel(): void;
  onPublished(published: Published): void;
}) {
  const { t } = useTranslation('admin');
  const narrow = useIsNarrow();
  const [form] = Form.useForm<Values>();
  const typed = Form.useWatch('text', form) ?? text;
  /** The confirm step: how many must sign, once counted; its error; whether it is publishing. */
  const [confirm, setConfirm] = useState<{ count: number | null; error: string | null; busy: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    setError(null);
    setConfirm({ count: null, error: null, busy: false });
    try {
      setConfirm({ count: await mustSign(), error: null, busy: false });
    } catch (err) {
      setConfirm(null);
      setError(errorMessage(err));
    }
  };

  const publish = async () => {
    const values = form.getFieldsValue();
    setConfirm((c) => c && { ...c, busy: true, error: null });
    try {
      const published = await publishAgreement(values.text, values.summary.trim());
      setConfirm(null);
      onPublished(published);
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) {
        setConfirm(null);
        form.setFields(Object.entries(fields).filter(([name]) => name === 'text' || name === 'summary').map(([name, message]) => ({ name: name as keyof Values, errors: [message] })));
      } else setConfirm((c) => c && { ...c, busy: false, error: errorMessage(err) });
    }
  };

  const unchanged = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if ((value ?? '') === text) throw new Error(t('settings.unchanged'));
    },
  };

  return (
    <Form<Values> form={form} name="agreement" layout="vertical" initialValues={{ text, summary: '' }} onFinish={ask}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {/* Side by side where there is room, the preview under the text where there is not (always on a phone, below 768 px). */}
      <div style={{ display: 'grid', gridTemplateColumns: narrow ? 'minmax(0, 1fr)' : 'repeat(auto-fit, minmax(300px, 1fr))', gap: 16 }}>
        <Form.Item name="text" label={t('settings.agreementText')} extra={t('settings.agreementHint')}
          rules={[{ required: true, whitespace: true, message: t('settings.required') }, unchanged]}>
          <Input.TextArea autoSize={{ minRows: 14, maxRows: 24 }} style={{ fontFamily: token.fontFamilyCode }} />
        </Form.Item>
        <div>
          <Typography.Text strong id="agreement-preview">{t('settings.preview')}</Typography.Text>
          <section aria-labelledby="agreement-preview" data-testid="agreement-preview" style={{ marginTop: 8, maxHeight: 480, overflow: 'auto', padding: '12px 16px', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}>
            <MarkdownDocument text={typed} />
          </section>
        </div>
      </div>
      <Form.Item name="summary" label={t('settings.summary')} extra={t('settings.summaryHint')}
        rules={[{ required: true, whitespace: true, message: t('settings.required') }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">{t('settings.publish')}…</Button>
        <Button onClick={onCancel}>{t('settings.cancel')}</Button>
      </Space>
      <Modal
        open={confirm !== null}
        title={t('settings.publishTitle', { number: next })}
        okText={t('settings.publish')}
        cancelText={t('settings.cancel')}
        okButtonProps={{ disabled: confirm?.count === null }}
        confirmLoading={confirm?.busy}
        onOk={publish}
        onCancel={() => { if (!confirm?.busy) setConfirm(null); }}
        destroyOnHidden
      >
        {confirm?.count === null ? <MutedText block>{t('settings.counting')}</MutedText> : (
          <>
            <Typography.Paragraph strong>{t('settings.publishText', { count: confirm?.count ?? 0 })}</Typography.Paragraph>
            <Typography.Paragraph>{t('settings.publishEffect')}</Typography.Paragraph>
          </>
        )}
        {confirm?.error && <Alert type="error" showIcon title={confirm.error} />}
      </Modal>
    </Form>
  );
}
