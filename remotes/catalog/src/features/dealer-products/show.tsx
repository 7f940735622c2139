// A dealer's product page, /catalog/products/:id: its description, the list price, the dealer's
// price and discount, the stock per warehouse, and «В корзину» with a quantity.
import { useParams } from 'react-router-dom';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import { Col, Row } from 'antd/es/grid';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { MutedText } from '@portal/shared/ui/text';
import { useItem } from '@portal/shared/ui/use-item';
import { DealerPrice, ListPrice } from '../../components/prices';
import { QuantityToCart } from '../../components/quantity-to-cart';
import { useAddToCart } from '../../components/use-add-to-cart';
import { useWarehouseStock } from '../../components/use-warehouse-stock';
import { WarehouseStockTable } from '../../components/warehouse-stock-table';
import { dealerProductsArea } from './dealer-products-slice';

export default function DealerProductShow() {
  const { t } = useTranslation('catalog');
  const { id } = useParams();
  const { item, status, error, reload } = useItem(dealerProductsArea, id);
  const stock = useWarehouseStock(item?.id);
  const { add } = useAddToCart({ backOrder: true });
  return (
    <ShowFrame back=".." backLabel={t('catalogue.back')} status={status} error={error} onRetry={reload}
      title={item?.name}
      meta={item && <MutedText>{t('catalogue.sku', { sku: item.sku })} · {item.category}</MutedText>}>
      {item && (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <Card title={t('catalogue.description')}>
              {item.description.trim()
                ? <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{item.description}</p>
                : <MutedText>{t('catalogue.noDescription')}</MutedText>}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={24}>
              <Card title={t('catalogue.prices')}>
                <Descriptions column={1} size="small" items={[
                  { key: 'list', label: t('common.listPrice'), children: <ListPrice product={item} /> },
                  { key: 'dealer', label: t('common.dealerPrice'), children: <DealerPrice product={item} /> },
                  { key: 'unit', label: t('common.unit'), children: item.unit },
                  { key: 'available', label: t('common.available'), children: item.available > 0 ? item.available : t('common.noStock') },
                ]} />
                <div style={{ marginTop: 16 }}><QuantityToCart product={item} onAdd={add} /></div>
              </Card>
              <WarehouseStockTable stock={stock} />
            </Flex>
          </Col>
        </Row>
      )}
    </ShowFrame>
  );
}
