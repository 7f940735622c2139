// Writing a newsletter (create and edit): «Заголовок», «Текст» in Markdown with a live preview
// drawn by the same NewsBody that dealers read it through, and «Аудитория»: all dealers or one
// dealer group. Saving keeps the newsletter's publication as it was (a new one is a draft);
// publishing is its own confirmed step in the list.
import { useNavigate } from 'react-router-dom';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import { Col, Row } from 'antd/es/grid';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useTranslation, type Newsletter } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { NewsBody } from '../../components/news-body';
import { newslettersArea } from './newsletters-slice';
import { useAudience } from './use-audience';
import './translations';

/** «Все дилеры» in the audience picker (the API's `audience: null`). */
const ALL = 'all';

interface Values {
  title: string;
  body: string;
  audience: number | typeof ALL;
}

export function NewsletterForm({ item }: { item?: Newsletter }) {
  const { t } = useTranslation('comms');
  const navigate = useNavigate();
  const { groups } = useAudience();
  const binding = useResourceForm<Values, Newsletter>({
    name: 'newsletter',
    area: newslettersArea,
    id: item?.id,
    initialValues: item ? { title: item.title, body: item.body, audience: item.audience ?? ALL } : { title: '', body: '', audience: ALL },
    toBody: (values) => ({
      title: values.title, body: values.body, audience: values.audience === ALL ? null : values.audience, published: item?.published ?? false,
    }),
    saved: (saved, created) => t(created ? 'answers.created' : 'answers.saved', { title: saved.title }),
    onSaved: () => navigate('..'),
  });
  const title = Form.useWatch('title', binding.form);
  const body = Form.useWatch('body', binding.form);

  return (
    <ResourceForm binding={binding} onCancel={() => navigate('..')}>
      <Row gutter={[24, 0]}>
        <Col xs={24} lg={12}>
          <Form.Item name="title" label={t('newsletters.form.title')} rules={[{ required: true, whitespace: true, message: t('newsletters.form.titleRequired') }]}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="audience" label={t('newsletters.form.audience')}>
            <Select
              loading={groups.loading}
              options={[{ value: ALL, label: t('newsletters.allDealers') }, ...groups.items.map((g) => ({ value: g.id, label: g.name }))]}
            />
          </Form.Item>
          <Form.Item name="body" label={t('newsletters.form.body')} extra={t('newsletters.form.bodyHint')}
            rules={[{ required: true, whitespace: true, message: t('newsletters.form.bodyRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 12, maxRows: 30 }} spellCheck style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('newsletters.form.preview')} size="small" style={{ marginBottom: 24 }} data-testid="newsletter-preview">
            {title?.trim() && <Typography.Title level={4} style={{ marginTop: 0 }}>{title}</Typography.Title>}
            {body?.trim()
              ? <NewsBody body={body} />
              : <Typography.Text type="secondary">{t('newsletters.form.previewEmpty')}</Typography.Text>}
          </Card>
        </Col>
      </Row>
    </ResourceForm>
  );
}
