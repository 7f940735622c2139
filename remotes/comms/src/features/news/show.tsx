// One news item at /comms/news/:id: its title, date and Markdown body (tables drawn). Staff read it
// from /api/newsletters/ and so also see a draft as dealers will see it once published.
import { useParams } from 'react-router-dom';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useAppSelector, useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useItem } from '@portal/shared/ui/use-item';
import { NewsBody } from '../../components/news-body';
import { newsArea } from './news-slice';
import '../newsletters/translations';

export default function NewsShow() {
  const { t } = useTranslation('comms');
  const { id } = useParams();
  const isStaff = useAppSelector((state) => state.auth.user?.is_staff ?? false);
  const { item, status, error, reload } = useItem(newsArea, id);
  return (
    <ShowFrame back=".." backLabel={isStaff ? t('newsletters.back') : t('news.back')} status={status} error={error} onRetry={reload}
      title={item?.title}
      meta={item && (
        <>
          {isStaff && <StatusTag status={item.published ? 'published' : 'draft'} />}
          <Typography.Text type="secondary"><DateText value={item.published_at ?? item.created_at} /></Typography.Text>
        </>
      )}>
      {item && <Card><NewsBody body={item.body} /></Card>}
    </ShowFrame>
  );
}
