// «Калькулятор» (/catalog/calculator, dealer): category → product → quantity → result, over the
// calculator slice of @portal/shared (key `steps`), so the steps survive a reload. Any step done,
// and the one being worked on, can be gone back to from the steps bar (clickable, and reachable by
// keyboard); choosing something else there discards the later steps (spec §4), choosing the same
// keeps them.
import { useEffect, useRef } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Steps from 'antd/es/steps';
import {
  changeStep, clearSteps, selectCurrentStep, selectIsStaff, selectSteps, setCurrentStep, useAppDispatch, useAppSelector, useTranslation,
} from '@portal/shared';
import { MutedText, ScreenTitle, SectionTitle } from '@portal/shared/ui/text';
import { useItem } from '@portal/shared/ui/use-item';
import { useAddToCart } from '../../components/use-add-to-cart';
import { dealerProductsArea } from '../dealer-products/dealer-products-slice';
import { choicesOf, RESULT_INDEX, soundSteps, STEP_KEYS, type StepKey } from './calculator-steps';
import { CategoryStep, ProductStep, QuantityStep } from './choice-steps';
import { ResultStep } from './result-step';
import './translations';

/** The calculator prices at a dealer's discount (/api/dp/), which staff have none of. */
export default function CalculatorScreen() {
  const { t } = useTranslation('catalog');
  const isStaff = useAppSelector(selectIsStaff);
  if (isStaff) {
    return (
      <div>
        <ScreenTitle>{t('calculator.title')}</ScreenTitle>
        <MutedText block>{t('calculator.forDealers')}</MutedText>
      </div>
    );
  }
  return <Calculator />;
}

function Calculator() {
  const { t } = useTranslation('catalog');
  const dispatch = useAppDispatch();
  const steps = useAppSelector(selectSteps);
  const stored = useAppSelector(selectCurrentStep);
  const { add } = useAddToCart();
  const done = soundSteps(steps);
  // Never past the first step that is not sound (storage from an older version, say).
  const current = Math.min(stored, done, RESULT_INDEX);
  const choices = choicesOf(steps);
  const needsProduct = current >= 2 && choices.product !== undefined;
  const product = useItem(dealerProductsArea, needsProduct ? choices.product : undefined);

  const choose = (index: number, key: StepKey, value: string | number, label: string) => {
    if (index < done && steps[index].value === value) dispatch(setCurrentStep(index + 1));
    else dispatch(changeStep({ index, step: { key, value, label } }));
  };
  const goTo = (index: number) => { if (index <= done) dispatch(setCurrentStep(index)); };

  // Moving between steps takes the focus to the new step's heading, so a keyboard or screen-reader
  // user continues there rather than on a button that has gone.
  const heading = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    heading.current?.focus();
  }, [current]);

  const titles = [t('calculator.steps.category'), t('calculator.steps.product'), t('calculator.steps.quantity'), t('calculator.steps.result')];

  const panel = () => {
    if (current === 0) return <CategoryStep initial={choices.category} onChoose={(value, label) => choose(0, 'category', value, label)} />;
    if (current === 1) {
      return (
        <ProductStep key={choices.category} category={choices.category!} initial={choices.product}
          onChoose={(value, label) => choose(1, 'product', value, label)} onBack={() => goTo(0)} />
      );
    }
    if (product.status === 'loading') return <Skeleton active paragraph={{ rows: 4 }} />;
    if (product.status !== 'ready' || !product.item) {
      return (
        <Alert type={product.status === 'notFound' ? 'warning' : 'error'} showIcon
          title={product.status === 'notFound' ? t('calculator.productGone') : product.error}
          action={product.status === 'notFound'
            ? <Button size="small" onClick={() => goTo(1)}>{t('calculator.back')}</Button>
            : <Button size="small" onClick={product.reload}>{t('stock.retry')}</Button>} />
      );
    }
    if (current === 2) {
      return (
        <QuantityStep key={product.item.id} product={product.item} initial={choices.quantity}
          onChoose={(value, label) => choose(2, 'quantity', value, label)} onBack={() => goTo(1)} />
      );
    }
    return (
      <ResultStep product={product.item} quantity={choices.quantity!} onAdd={add}
        onBack={() => goTo(2)} onRestart={() => dispatch(clearSteps())} />
    );
  };

  return (
    <div>
      <ScreenTitle>{t('calculator.title')}</ScreenTitle>
      <MutedText block>{t('calculator.intro')}</MutedText>
      <Steps
        current={current}
        onChange={goTo}
        style={{ marginBottom: 24 }}
        items={titles.map((title, index) => ({
          title,
          content: index < STEP_KEYS.length && index < done ? steps[index].label : undefined,
          disabled: index > done,
        }))}
      />
      <Card>
        {/* The focus target when the step changes: the step's heading, read out first. */}
        <div ref={heading} tabIndex={-1} style={{ outline: 'none' }}><SectionTitle>{titles[current]}</SectionTitle></div>
        {panel()}
      </Card>
    </div>
  );
}
