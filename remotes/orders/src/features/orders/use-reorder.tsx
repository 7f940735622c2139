// «Повторить заказ» (a dealer): the lines that are still sold join the cart, with a link to it; the
// products no longer sold are named, so nothing disappears without a word.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import { addToCart, errorMessage, useAppDispatch, useTranslation, type Order } from '@portal/shared';
import { reorderLines } from './reorder';

/** The cart screen of this remote (design §13). */
const CART = '/orders/cart';

type Outcome = { added: number; unavailable: string[] } | { failed: string };

export function useReorder(order: Order | null) {
  const { t } = useTranslation('orders');
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    if (!order) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { lines, unavailable } = await reorderLines(order);
      for (const line of lines) dispatch(addToCart(line));
      setOutcome({ added: lines.length, unavailable });
    } catch (err) {
      setOutcome({ failed: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button icon={<RedoOutlined aria-hidden />} loading={busy} onClick={run}>{t('orders.reorder.button')}</Button>
  );

  let message = null;
  if (outcome && 'failed' in outcome) {
    message = <Alert type="error" showIcon closable title={t('orders.reorder.failed', { message: outcome.failed })} onClose={() => setOutcome(null)} />;
  } else if (outcome) {
    const { added, unavailable } = outcome;
    message = (
      <Alert
        type={unavailable.length ? 'warning' : 'success'}
        showIcon
        closable
        onClose={() => setOutcome(null)}
        data-testid="reorder-result"
        title={added ? t('orders.reorder.added', { count: added }) : t('orders.reorder.noneAdded')}
        description={unavailable.length ? t('orders.reorder.unavailable', { names: unavailable.map((name) => t('orders.reorder.name', { name })).join(', ') }) : undefined}
        action={added ? <Link to={CART}>{t('orders.reorder.toCart')}</Link> : undefined}
      />
    );
  }
  return { button, message };
}
