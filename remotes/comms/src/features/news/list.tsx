import { useEffect, useState } from 'react';
import { selectIsStaff, useAppDispatch, useAppSelector, useTranslation } from '@portal/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { newsArea } from './news-area';
import { NewsBody } from './news-body';

const PAGE_SIZE = 10;

export default function NewsList() {
  const { t, i18n } = useTranslation('comms');
  const dispatch = useAppDispatch();
  const isStaff = useAppSelector(selectIsStaff);
  const { items, count, loading, loaded, error } = useAppSelector(newsArea.selectArea);
  const [page, setPage] = useState(1);

  useEffect(() => {
    dispatch(newsArea.fetchList({ page, page_size: PAGE_SIZE, ordering: '-published_at' }));
  }, [dispatch, page, isStaff]);

  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }) : '');

  return (
    <div>
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={3} style={{ marginTop: 0 }}>{isStaff ? t('news.staffTitle') : t('news.title')}</Typography.Title>
        {loaded && <Typography.Text type="secondary">{t('news.total', { count })}</Typography.Text>}
      </Flex>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }}
          action={<Button size="small" onClick={() => dispatch(newsArea.fetchList({ page, page_size: PAGE_SIZE }))}>{t('news.retry')}</Button>} />
      )}
      {loading && !loaded ? <Skeleton active paragraph={{ rows: 6 }} /> : items.length === 0 ? (
        !error && <Empty description={t('news.empty')} />
      ) : (
        <Spin spinning={loading}>
          <Flex vertical gap={16} data-testid="news-list">
            {items.map((item) => (
              <Card key={item.id} title={item.title} extra={
                <Flex gap={8} align="center">
                  {!item.published && <Tag color="orange">{t('news.draft')}</Tag>}
                  {isStaff && <Tag>{item.audience == null ? t('news.forAll') : t('news.forGroup')}</Tag>}
                  <Typography.Text type="secondary">{date(item.published_at)}</Typography.Text>
                </Flex>
              }>
                <NewsBody body={item.body} />
              </Card>
            ))}
          </Flex>
          {count > PAGE_SIZE && (
            <Pagination style={{ marginTop: 16 }} current={page} pageSize={PAGE_SIZE} total={count} onChange={setPage} showSizeChanger={false} />
          )}
        </Spin>
      )}
    </div>
  );
}
