import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { answered, createPortalStore, initI18n } from '@portal/shared';
import { ANSWER_SHOWN_MS, AnswerRegion } from './answer-region';
import './cabinet-translations';

initI18n();

function renderRegion() {
  const store = createPortalStore();
  render(<Provider store={store}><AnswerRegion /></Provider>);
  return store;
}

afterEach(() => jest.useRealTimers());

it('is there before any answer, so that a screen reader hears what arrives in it; an answer goes after 8 s, a newer one replaces it', () => {
  jest.useFakeTimers();
  const store = renderRegion();
  const polite = screen.getByRole('status');
  expect(polite).toHaveAttribute('aria-live', 'polite');
  expect(polite).toBeEmptyDOMElement();
  act(() => { store.dispatch(answered({ text: 'Заказ № 2026-000041 оформлен' })); });
  expect(polite).toHaveTextContent('Заказ № 2026-000041 оформлен');
  act(() => { jest.advanceTimersByTime(ANSWER_SHOWN_MS - 1000); });
  act(() => { store.dispatch(answered({ text: 'Товар «Насос» сохранён' })); });
  expect(polite).toHaveTextContent('Товар «Насос» сохранён');
  expect(polite).not.toHaveTextContent('Заказ');
  // The newer answer has its own 8 s.
  act(() => { jest.advanceTimersByTime(ANSWER_SHOWN_MS - 1000); });
  expect(polite).toHaveTextContent('Товар «Насос» сохранён');
  act(() => { jest.advanceTimersByTime(1000); });
  expect(polite).toBeEmptyDOMElement();
});

it('an error is said assertively and stays until closed', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const store = renderRegion();
  act(() => { store.dispatch(answered({ text: 'Заказ не оформлен: сервер недоступен', tone: 'error' })); });
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Заказ не оформлен: сервер недоступен');
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  act(() => { jest.advanceTimersByTime(ANSWER_SHOWN_MS * 3); });
  expect(alert).toHaveTextContent('Заказ не оформлен');
  await user.click(screen.getByRole('button', { name: 'Закрыть сообщение' }));
  expect(alert).toBeEmptyDOMElement();
});
