import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Form from 'antd/es/form';
import { setLanguage, wordsInWrongLanguage } from '@portal/shared';
import { QUANTITY_NAMESPACE, QuantityInput, quantityOf, quantityProblem, useQuantityCheck } from '@portal/shared/ui/quantity';
import { QuantityField } from '@portal/shared/ui/quantity-field';

jest.setTimeout(20_000);
afterEach(() => act(() => setLanguage('ru')));

const line = { min: 1 as const, max: 1_000_000 };
const stock = { min: 0 as const, max: 1_000_000_000 };

test('a whole quantity in range is taken; spaces grouping thousands are the number', () => {
  expect(quantityProblem('12', line)).toBeNull();
  expect(quantityProblem(' 7 ', line)).toBeNull();
  expect(quantityProblem('1 200', line)).toBeNull();
  expect(quantityOf('1 200')).toBe(1200);
  expect(quantityOf('1\u00a0000\u00a0000')).toBe(1_000_000);
  expect(quantityProblem('1000000', line)).toBeNull();
  expect(quantityProblem('0', stock)).toBeNull();
  expect(quantityProblem(35, stock)).toBeNull();
});

test('what a quantity field cannot take is named, never rounded or clamped', () => {
  expect(quantityProblem('', line)).toBe('required');
  expect(quantityProblem('   ', line)).toBe('required');
  expect(quantityProblem(undefined, line)).toBe('required');
  expect(quantityProblem('-5', line)).toBe('negative');
  expect(quantityProblem('-5', stock)).toBe('negative');
  expect(quantityProblem('0', line)).toBe('positive');
  expect(quantityProblem('12.5', line)).toBe('whole');
  expect(quantityProblem('1,5', line)).toBe('whole');
  expect(quantityOf('1,5')).toBe(1.5);
  expect(quantityProblem('1000001', line)).toBe('tooLarge');
  expect(quantityProblem('1 000 001', line)).toBe('tooLarge');
  expect(quantityProblem('99999999999999999999', stock)).toBe('tooLarge');
  for (const text of ['abc', '1e3', '12 5', '1 20', '0x10', '5 шт', '1.2.3', 'Infinity']) expect(quantityProblem(text, line)).toBe('number');
  expect(quantityOf('12 5')).toBeNaN();
});

test('a measure with fractions takes «1,5» and «12.5»; it still refuses a negative and more than its limit', () => {
  const metres = { max: 1000, whole: false };
  expect(quantityProblem('1,5', metres)).toBeNull();
  expect(quantityProblem('12.5', metres)).toBeNull();
  expect(quantityProblem('-0,5', metres)).toBe('negative');
  expect(quantityProblem('0,5', metres)).toBe('positive');
  expect(quantityProblem('1000,5', metres)).toBe('tooLarge');
});

test('the rule says each refusal in the user\'s language, the limit grouped as the language writes it', async () => {
  const { result } = renderHook(() => useQuantityCheck(line));
  const refusal = async (text: unknown) => {
    const validator = (result.current.rule as { validator(rule: unknown, value: unknown): Promise<void> }).validator;
    return validator({}, text).then(() => null, (error: Error) => error.message);
  };
  expect(await refusal('3')).toBeNull();
  expect(await refusal('')).toBe('Введите количество');
  expect(await refusal('-5')).toBe('Количество не может быть отрицательным');
  expect(await refusal('0')).toBe('Количество должно быть больше нуля');
  expect(await refusal('12.5')).toBe('Только целое число: дробной части у этого товара нет');
  expect(await refusal('1,5')).toBe('Только целое число: дробной части у этого товара нет');
  expect(await refusal('abc')).toBe('Введите количество числом');
  expect(await refusal('1 000 001')).toBe('Не больше 1\u00a0000\u00a0000');
  act(() => setLanguage('en'));
  expect(await refusal('1000001')).toBe('At most 1,000,000');
  expect(result.current.messageOf('-1')).toBe('The quantity cannot be negative');
  expect(result.current.messageOf('2')).toBeNull();
});

function Standalone() {
  const [text, setText] = useState('1');
  const { messageOf } = useQuantityCheck(line);
  return <QuantityInput aria-label="Количество" limits={line} value={text} onChange={(event) => setText(event.target.value)} error={messageOf(text)} />;
}

test('outside a form the field keeps what is typed and says what is wrong under it, described by the message', async () => {
  const user = userEvent.setup({ delay: null });
  render(<Standalone />);
  const field = screen.getByRole('spinbutton', { name: 'Количество' });
  expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(field).not.toHaveAttribute('aria-invalid');
  await user.clear(field);
  await user.type(field, '12.5');
  await user.tab();
  expect(field).toHaveValue('12.5');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('Только целое число: дробной части у этого товара нет');
  await user.clear(field);
  await user.type(field, '1 200');
  expect(field).toHaveValue('1 200');
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('the arrows step a whole quantity by one within its limits; a text that is no quantity they leave as it is', async () => {
  const user = userEvent.setup({ delay: null });
  render(<Standalone />);
  const field = screen.getByRole('spinbutton', { name: 'Количество' });
  expect(field).toHaveAttribute('aria-valuenow', '1');
  await user.click(field);
  await user.keyboard('{ArrowDown}');
  expect(field).toHaveValue('1');
  await user.keyboard('{ArrowUp}{ArrowUp}');
  expect(field).toHaveValue('3');
  expect(field).toHaveAttribute('aria-valuenow', '3');
  await user.clear(field);
  await user.type(field, '1,5');
  await user.keyboard('{ArrowUp}');
  expect(field).toHaveValue('1,5');
  expect(field).toHaveAccessibleDescription('Только целое число: дробной части у этого товара нет');
});

function InForm({ onFinish }: { onFinish(values: { quantity: string }): void }) {
  const { rule } = useQuantityCheck(stock);
  return (
    <Form initialValues={{ quantity: '0' }} onFinish={onFinish}>
      <Form.Item name="quantity" label="Остаток" rules={[rule]}><QuantityField /></Form.Item>
      <button type="submit">Сохранить</button>
    </Form>
  );
}

test('in a form the item says the rule\'s message on the field; nothing is sent until it is a quantity', async () => {
  const user = userEvent.setup({ delay: null });
  const onFinish = jest.fn();
  render(<InForm onFinish={onFinish} />);
  const field = screen.getByRole('spinbutton', { name: 'Остаток' });
  await user.clear(field);
  await user.type(field, '-5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Количество не может быть отрицательным')).toBeInTheDocument();
  expect(field).toHaveValue('-5');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('Количество не может быть отрицательным');
  expect(onFinish).not.toHaveBeenCalled();
  await user.clear(field);
  await user.type(field, '1 200');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ quantity: '1 200' }));
});

test('the field\'s words speak one language at a time', () => {
  renderHook(() => useQuantityCheck(line));
  expect(wordsInWrongLanguage(QUANTITY_NAMESPACE)).toEqual([]);
});
