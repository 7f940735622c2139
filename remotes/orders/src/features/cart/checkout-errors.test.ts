import { AxiosError, AxiosHeaders } from 'axios';
import { errorMessage, fieldErrors } from '@portal/shared';
import { checkoutErrors as sortErrors } from './checkout-errors';

/** As the orders area's create tells a failure: its message and each field's first message. */
const checkoutErrors = (err: unknown, lineCount: number) => sortErrors(errorMessage(err), fieldErrors(err), lineCount);

const refused = (data: unknown) => new AxiosError('Request failed with status code 400', 'ERR_BAD_REQUEST', undefined, {}, {
  status: 400, statusText: '400', data, headers: {}, config: { headers: new AxiosHeaders() },
});

it('a line\'s field goes to that line; the order\'s message stays above the cart', () => {
  const err = refused({
    message: 'Товар недоступен для заказа.', code: 'product_unavailable',
    fields: { 'items.0.product': ['Товар недоступен для заказа.'], 'items.2.quantity': ['Слишком много.'], comment: ['Слишком длинный текст.'] },
  });
  expect(checkoutErrors(err, 3)).toEqual({
    message: 'Товар недоступен для заказа.', lines: { 0: 'Товар недоступен для заказа.', 2: 'Слишком много.' }, other: ['Слишком длинный текст.'],
  });
});

it('the minimum names no line; a line beyond the cart is the order\'s; a failure below HTTP has its own words', () => {
  const below = refused({ message: 'Сумма заказа меньше минимальной: 5000.00 ₽.', fields: { total: ['Сумма заказа меньше минимальной: 5000.00 ₽.'] } });
  expect(checkoutErrors(below, 2)).toEqual({ message: 'Сумма заказа меньше минимальной: 5000.00 ₽.', lines: {}, other: [] });
  expect(checkoutErrors(refused({ message: 'Ошибка', fields: { 'items.5.product': ['Нет такого'] } }), 2).other).toEqual(['Нет такого']);
  expect(checkoutErrors(new AxiosError('Network Error', 'ERR_NETWORK'), 2).message).not.toBe('');
});
