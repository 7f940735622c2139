// «Рассылки и новости» (staff): every newsletter, drafts too, filtered by status and audience;
// publish, withdraw and delete each ask first and wait for the server.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useAppDispatch, useTranslation, type Newsletter } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ListControls, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { setPublished } from './api';
import { NEWSLETTERS_PATH, newslettersArea } from './newsletters-slice';
import { useAudience } from './use-audience';
import './translations';

export default function NewslettersList() {
  const { t } = useTranslation('comms');
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const say = useSay();
  const { groups, nameOf } = useAudience();

  const columns = ({ reload }: ListControls): ResourceColumn<Newsletter>[] => [
    {
      title: t('newsletters.columns.title'), dataIndex: 'title', sortable: true,
      render: (title: string, item) => <Link to={`news/${item.id}`} state={backState(location)}>{title}</Link>,
    },
    { title: t('newsletters.columns.audience'), dataIndex: 'audience', render: (audience: number | null) => nameOf(audience) },
    {
      title: t('newsletters.columns.status'), dataIndex: 'published',
      render: (published: boolean) => <StatusTag status={published ? 'published' : 'draft'} />,
    },
    { title: t('newsletters.columns.publishedAt'), dataIndex: 'published_at', sortable: true, render: (value: string | null) => <DateText value={value} /> },
    { title: t('newsletters.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    {
      title: t('newsletters.columns.actions'), key: 'actions',
      render: (_: unknown, item) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <PlainButton size="small" onClick={() => navigate(`newsletters/${item.id}/edit`)}>{t('newsletters.edit')}</PlainButton>
          {item.published ? (
            <ConfirmButton size="small" title={t('newsletters.unpublishConfirm', { title: item.title })} content={t('newsletters.unpublishText')}
              okText={t('newsletters.unpublish')} onConfirm={async () => { await setPublished(item, false); say(t('answers.unpublished', { title: item.title })); reload(); }}>
              {t('newsletters.unpublish')}
            </ConfirmButton>
          ) : (
            <ConfirmButton size="small" type="primary" title={t('newsletters.publishConfirm', { title: item.title })}
              content={t('newsletters.publishText', { audience: nameOf(item.audience) })}
              okText={t('newsletters.publish')} onConfirm={async () => { await setPublished(item, true); say(t('answers.published', { title: item.title })); reload(); }}>
              {t('newsletters.publish')}
            </ConfirmButton>
          )}
          <ConfirmButton size="small" danger title={t('newsletters.deleteConfirm', { title: item.title })} content={t('newsletters.deleteText')}
            okText={t('newsletters.delete')} onConfirm={async () => { await dispatch(newslettersArea.remove(item.id)).unwrap(); say(t('answers.deleted', { title: item.title })); reload(); }}>
            {t('newsletters.delete')}
          </ConfirmButton>
        </span>
      ),
    },
  ];

  return (
    <ResourceList
      area={newslettersArea}
      title={t('newsletters.title')}
      actions={<PlainButton variant="primary" icon={<PlusOutlined />} onClick={() => navigate('newsletters/new')}>{t('newsletters.create')}</PlainButton>}
      columns={columns}
      defaultOrdering="-created_at"
      exportPath={NEWSLETTERS_PATH}
      exportName="newsletters"
      emptyText={t('newsletters.empty')}
      filters={[
        { name: 'published', label: t('newsletters.filters.published'), options: [{ value: 'true', label: t('newsletters.published') }, { value: 'false', label: t('newsletters.drafts') }] },
        { name: 'audience', label: t('newsletters.filters.audience'), options: groups.items.map((g) => ({ value: String(g.id), label: g.name })) },
      ]}
    />
  );
}
