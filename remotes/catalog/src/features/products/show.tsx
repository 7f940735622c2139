// A product's page for staff, /catalog/products/:id: its details, description and stock per
// warehouse, with «Изменить», withdrawing from sale (or putting back) and deleting, each change
// asked first and made once the server agrees.
import { useNavigate, useParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import { Col, Row } from 'antd/es/grid';
import { useAppDispatch, useTranslation, type Product } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText, Money } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { MutedText } from '@portal/shared/ui/text';
import { useItem } from '@portal/shared/ui/use-item';
import { useWarehouseStock } from '../../components/use-warehouse-stock';
import { WarehouseStockTable } from '../../components/warehouse-stock-table';
import { ActiveTag } from './active-tag';
import { productsArea } from './products-slice';
import './translations';

export default function ProductShow() {
  const { t } = useTranslation('catalog');
  const { id } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { item, status, error, reload } = useItem(productsArea, id);
  const stock = useWarehouseStock(item?.id);
  // Withdrawing and putting back is a change of `is_active`, not an edit: the API takes the whole
  // product on PUT, so it is sent as it is with only that changed.
  const setActive = async (product: Product, isActive: boolean) => {
    const { sku, name, description, category, unit, price } = product;
    await dispatch(productsArea.update({ id: product.id, sku, name, description, category, unit, price, is_active: isActive })).unwrap();
    reload();
  };

  const actions = item && (
    <>
      <Button type="primary" onClick={() => navigate(`../products/${item.id}/edit`)}>{t('products.edit')}</Button>
      {item.is_active ? (
        <ConfirmButton title={t('products.deactivateConfirm', { name: item.name })} content={t('products.deactivateText')}
          okText={t('products.deactivate')} onConfirm={() => setActive(item, false)}>
          {t('products.deactivate')}
        </ConfirmButton>
      ) : (
        <ConfirmButton title={t('products.activateConfirm', { name: item.name })} content={t('products.activateText')}
          okText={t('products.activate')} onConfirm={() => setActive(item, true)}>
          {t('products.activate')}
        </ConfirmButton>
      )}
      <ConfirmButton danger title={t('products.deleteConfirm', { name: item.name })} content={t('products.deleteText')}
        okText={t('products.delete')}
        onConfirm={async () => { await dispatch(productsArea.remove(item.id)).unwrap(); navigate('..', { replace: true }); }}>
        {t('products.delete')}
      </ConfirmButton>
    </>
  );

  return (
    <ShowFrame back=".." backLabel={t('products.back')} status={status} error={error} onRetry={reload}
      title={item?.name} actions={actions}
      meta={item && (
        <>
          <ActiveTag active={item.is_active} />
          <MutedText>{item.sku} · {item.category}</MutedText>
        </>
      )}>
      {item && (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <Card title={t('products.description')}>
              {item.description.trim()
                ? <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{item.description}</p>
                : <MutedText>{t('products.noDescription')}</MutedText>}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={24}>
              <Card title={t('products.details')}>
                <Descriptions column={1} size="small" items={[
                  { key: 'sku', label: t('products.form.sku'), children: item.sku },
                  { key: 'category', label: t('products.form.category'), children: item.category },
                  { key: 'unit', label: t('products.form.unit'), children: item.unit },
                  { key: 'price', label: t('products.form.price'), children: <Money value={item.price} /> },
                  { key: 'available', label: t('common.available'), children: item.available },
                  { key: 'created', label: t('products.createdAt'), children: <DateText value={item.created_at} /> },
                ]} />
              </Card>
              <WarehouseStockTable stock={stock} detailed />
            </Flex>
          </Col>
        </Row>
      )}
    </ShowFrame>
  );
}
