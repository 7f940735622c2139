import { choicesOf, soundSteps } from './calculator-steps';

it('reads stored steps only as far as each is the step it should be', () => {
  const category = { key: 'category', value: 'Электрика', label: 'Электрика' };
  const product = { key: 'product', value: 12, label: 'EL-CAB-01 Кабель' };
  const quantity = { key: 'quantity', value: 5, label: '5 м' };
  expect(soundSteps([category, product, quantity])).toBe(3);
  expect(choicesOf([category, product, quantity])).toEqual({ category: 'Электрика', product: 12, quantity: 5 });
  // Out of order, a wrong value, or an extra step: the walk stops there.
  expect(soundSteps([product, category])).toBe(0);
  expect(soundSteps([category, { ...product, value: '12' }, quantity])).toBe(1);
  expect(soundSteps([category, product, { ...quantity, value: 0 }])).toBe(2);
  expect(choicesOf([category, product, { ...quantity, value: 2.5 }])).toEqual({ category: 'Электрика', product: 12, quantity: undefined });
  expect(soundSteps([category, product, quantity, quantity])).toBe(3);
});
