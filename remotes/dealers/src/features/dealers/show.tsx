// A dealer's page (staff): its contacts, its group and discount, its orders in short (how many, this
// year's total, the latest, with links into «Заказы») and its users; «Изменить», and «Отключить» or
// «Включить» with a confirm that says what it means for the dealer's users and orders. On a phone
// (below 768 px) a user's email goes under their name, and the last sign-in shows from 768 px.
import { Link, useNavigate, useParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import { Col, Row } from 'antd/es/grid';
import Table from 'antd/es/table';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { useAppDispatch, useTranslation, type Dealer } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText, Money, Percent } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText, NotFoundPanel, SectionTitle } from '@portal/shared/ui/text';
import { useItem } from '@portal/shared/ui/use-item';
import { ActiveTag } from './active-tag';
import { dealersArea } from './dealers-slice';

// The list is the page's parent address, whichever base path the host gives the remote.
const LIST = '..';

type DealerUser = Dealer['users'][number];

/**
 * Deactivating and reactivating: a change of the dealer's state, not an edit of its card. The API
 * takes the whole card on PUT, so it is sent as it is with only `is_active` changed.
 */
function ActiveButton({ dealer, onChanged }: { dealer: Dealer; onChanged(): void }) {
  const { t } = useTranslation('dealers');
  const dispatch = useAppDispatch();
  const say = useSay();
  const { id, name, legal_name, tax_id, group, email, phone, address } = dealer;
  const change = async () => {
    await dispatch(dealersArea.update({ id, name, legal_name, tax_id, group, email, phone, address, is_active: !dealer.is_active })).unwrap();
    say(t(dealer.is_active ? 'answers.dealerDeactivated' : 'answers.dealerActivated', { name: dealer.name }));
    onChanged();
  };
  const step = dealer.is_active ? 'deactivate' : 'activate';
  return (
    <ConfirmButton danger={dealer.is_active} title={t(`dealers.${step}.title`, { name: dealer.name })} content={t(`dealers.${step}.text`)}
      okText={t(`dealers.${step}.button`)} onConfirm={change}>
      {t(`dealers.${step}.button`)}
    </ConfirmButton>
  );
}

function OrdersSummary({ dealer }: { dealer: Dealer }) {
  const { t } = useTranslation('dealers');
  const { orders_count: count, year_total: yearTotal, last_order: last } = dealer.summary;
  return (
    <Card title={<SectionTitle style={{ margin: 0 }}>{t('dealers.orders.title')}</SectionTitle>} size="small"
      extra={<Link to={`/orders?dealer=${dealer.id}`}>{t('dealers.orders.all')}</Link>}>
      <Descriptions column={1} size="small" items={[
        { key: 'count', label: t('dealers.orders.count'), children: count },
        { key: 'year', label: t('dealers.orders.yearTotal', { year: new Date().getFullYear() }), children: <Money value={yearTotal} /> },
        {
          key: 'last', label: t('dealers.orders.last'),
          children: last ? (
            <Flex gap={8} wrap align="center">
              <Link to={`/orders/${last.id}`}>{last.number}</Link>
              <DateText value={last.created_at} />
              <Money value={last.total} />
              <StatusTag status={last.status} />
            </Flex>
          ) : <MutedText>{t('dealers.orders.none')}</MutedText>,
        },
      ]} />
    </Card>
  );
}

function DealerUsers({ users }: { users: DealerUser[] }) {
  const { t } = useTranslation('dealers');
  const narrow = useIsNarrow();
  return (
    <Card title={<SectionTitle style={{ margin: 0 }}>{t('dealers.users.title')}</SectionTitle>} size="small">
      <Table<DealerUser> rowKey="id" size="small" pagination={false} dataSource={users} scroll={narrow ? undefined : { x: 'max-content' }}
        locale={{ emptyText: t('dealers.users.empty') }}
        columns={[
          {
            title: t('dealers.users.name'), key: 'name',
            render: (_: unknown, user) => {
              const name = `${user.first_name} ${user.last_name}`.trim() || t('dealers.none');
              return narrow ? <>{name}<MutedText block style={{ margin: 0, overflowWrap: 'anywhere' }}>{user.email}</MutedText></> : name;
            },
          },
          { title: t('dealers.users.email'), dataIndex: 'email', hidden: narrow },
          { title: t('dealers.users.active'), dataIndex: 'is_active', render: (active: boolean) => <ActiveTag active={active} /> },
          { title: t('dealers.users.lastLogin'), dataIndex: 'last_login', hidden: narrow, render: (value: string | null) => (value ? <DateText value={value} time /> : t('dealers.users.never')) },
        ]} />
    </Card>
  );
}

export default function DealerShow() {
  const { t } = useTranslation('dealers');
  const navigate = useNavigate();
  const { id } = useParams();
  const { item: dealer, status, error, reload } = useItem(dealersArea, id);
  const none = t('dealers.none');

  if (status === 'notFound') {
    return (
      <StaffOnly>
        <ShowFrame back={LIST} backLabel={t('dealers.back')} status="ready" title={t('dealers.notFound')}>
          <NotFoundPanel text={t('dealers.notFoundText')} />
        </ShowFrame>
      </StaffOnly>
    );
  }

  return (
    <StaffOnly>
      <ShowFrame back={LIST} backLabel={t('dealers.back')} status={status} error={error} onRetry={reload}
        title={dealer?.name}
        meta={dealer && <ActiveTag active={dealer.is_active} />}
        actions={dealer && (
          <>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate('edit')}>{t('dealers.edit')}</Button>
            <ActiveButton dealer={dealer} onChanged={reload} />
          </>
        )}>
        {dealer && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title={<SectionTitle style={{ margin: 0 }}>{t('dealers.contacts')}</SectionTitle>} size="small">
                <Descriptions column={1} size="small" items={[
                  { key: 'legal', label: t('dealers.fields.legalName'), children: dealer.legal_name || none },
                  { key: 'tax', label: t('dealers.fields.taxId'), children: dealer.tax_id || none },
                  { key: 'email', label: t('dealers.fields.email'), children: dealer.email ? <a href={`mailto:${dealer.email}`}>{dealer.email}</a> : none },
                  { key: 'phone', label: t('dealers.fields.phone'), children: dealer.phone || none },
                  { key: 'address', label: t('dealers.fields.address'), children: dealer.address || none },
                  { key: 'created', label: t('dealers.fields.createdAt'), children: <DateText value={dealer.created_at} /> },
                ]} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Flex vertical gap={16}>
                <Card title={<SectionTitle style={{ margin: 0 }}>{t('dealers.groupSection')}</SectionTitle>} size="small">
                  <Descriptions column={1} size="small" items={[
                    { key: 'group', label: t('dealers.fields.group'), children: dealer.group_name ?? t('dealers.noGroup') },
                    { key: 'discount', label: t('dealers.fields.discount'), children: dealer.group_discount_percent === null ? none : <Percent value={dealer.group_discount_percent} /> },
                  ]} />
                </Card>
                <OrdersSummary dealer={dealer} />
              </Flex>
            </Col>
            <Col xs={24}>
              <DealerUsers users={dealer.users} />
            </Col>
          </Row>
        )}
      </ShowFrame>
    </StaffOnly>
  );
}
