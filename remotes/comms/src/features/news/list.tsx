// «Новости»: the news meant for the dealer, newest first, each as a card with the opening of its
// text and a link to its page, where the Markdown body is drawn (its renderer loads only there).
// Page and search live in the address (useResourceList), so a reload or a shared link keeps them.
import { Link, useLocation } from 'react-router-dom';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { SearchBox } from '@portal/shared/ui/search-box';
import { backState } from '@portal/shared/ui/show-frame';
import { useResourceList } from '@portal/shared/ui/use-resource-list';
import { newsExcerpt } from '../../components/news-excerpt';
import { newsArea } from './news-slice';
import { ScreenTitle } from '@portal/shared/ui/text';

const PAGE_SIZE = 10;

export default function NewsList() {
  const { t } = useTranslation('comms');
  const location = useLocation();
  const list = useResourceList({ area: newsArea, defaultOrdering: '-published_at', pageSize: PAGE_SIZE });
  const { items, count, loading, loaded, error } = list.state;

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <ScreenTitle style={{ marginTop: 0 }}>{t('news.title')}</ScreenTitle>
        {loaded && <Typography.Text type="secondary">{t('news.total', { count })}</Typography.Text>}
      </Flex>
      <Flex style={{ marginBottom: 16 }}>
        <SearchBox value={list.view.search} onSearch={list.setSearch} label={t('news.search')} />
      </Flex>
      {error && <ListError message={error} onRetry={list.retry} />}
      {loading && !loaded ? <Skeleton active paragraph={{ rows: 6 }} /> : items.length === 0 ? (
        !error && <Empty description={list.view.search ? t('news.nothingFound') : t('news.empty')} />
      ) : (
        <Spin spinning={loading}>
          <Flex vertical gap={16} data-testid="news-list">
            {items.map((item) => (
              <Card key={item.id} title={<Link to={`news/${item.id}`} state={backState(location)}>{item.title}</Link>}
                extra={<Typography.Text type="secondary"><DateText value={item.published_at} /></Typography.Text>}>
                <Typography.Paragraph style={{ marginBottom: 8 }}>{newsExcerpt(item.body)}</Typography.Paragraph>
                <Link to={`news/${item.id}`} state={backState(location)} aria-label={t('news.readItem', { title: item.title })}>{t('news.read')}</Link>
              </Card>
            ))}
          </Flex>
          {count > list.view.pageSize && (
            <Pagination style={{ marginTop: 16 }} current={list.view.page} pageSize={list.view.pageSize} total={count}
              onChange={(page) => list.setPage(page)} showSizeChanger={false} />
          )}
        </Spin>
      )}
    </div>
  );
}
