import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { useItem } from '@portal/shared/ui/use-item';
import { answerWith, renderScreen, signIn } from '@portal/shared/ui/testing';
import { createCrudArea } from '@portal/shared';
import { deferred } from '../test-helpers';

interface Letter { id: number; title: string }
const letters = createCrudArea<'/api/newsletters/', Letter>({ name: 'letterPages', path: '/api/newsletters/' });

function LetterPage() {
  const { id } = useParams();
  const { item, status, error, reload } = useItem(letters, id);
  return (
    <ShowFrame back="/letters?page=2" backLabel="К письмам" status={status} error={error} onRetry={reload}
      title={item?.title} actions={<><button type="button">Изменить</button><button type="button" onClick={reload}>Обновить</button></>}>
      <p>Тело письма</p>
    </ShowFrame>
  );
}

jest.setTimeout(20_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

it('shows the item with its title, actions and a back link to the list\'s view', async () => {
  const sent = answerWith(() => ({ data: { id: 5, title: 'Новый прайс' } }));
  const view = renderScreen(<LetterPage />, { slices: [letters.slice], at: '/letters/5', path: '/letters/:id' });
  expect(await screen.findByRole('heading', { name: 'Новый прайс' })).toBeInTheDocument();
  expect(sent[0].url).toBe('/api/newsletters/5/');
  expect(screen.getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'К письмам' }));
  await waitFor(() => expect(view.address()).toBe('/letters?page=2'));
});

it('an item that is not there (or not the user\'s) is a «not found» page, not an error', async () => {
  answerWith(() => ({ status: 404, data: { message: 'Не найдено.', code: 'not_found' } }));
  renderScreen(<LetterPage />, { slices: [letters.slice], at: '/letters/99', path: '/letters/:id' });
  expect(await screen.findByText('Запись не найдена')).toBeInTheDocument();
  expect(screen.queryByText('Тело письма')).toBeNull();
});

it('a failed call shows the message, and retry asks again', async () => {
  let fail = true;
  answerWith(() => (fail ? { status: 500, data: { message: 'Ошибка сервера' } } : { data: { id: 5, title: 'Новый прайс' } }));
  renderScreen(<LetterPage />, { slices: [letters.slice], at: '/letters/5', path: '/letters/:id' });
  expect(await screen.findByText('Ошибка сервера')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('heading', { name: 'Новый прайс' })).toBeInTheDocument();
});

it('an item read again after one of its actions stays on screen until the answer comes, then shows it', async () => {
  const answer = deferred<{ status: number; data: unknown }>();
  let calls = 0;
  answerWith(() => { calls += 1; return calls === 1 ? { data: { id: 5, title: 'Новый прайс' } } : answer.promise; });
  renderScreen(<LetterPage />, { slices: [letters.slice], at: '/letters/5', path: '/letters/:id' });
  expect(await screen.findByRole('heading', { name: 'Новый прайс' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
  await waitFor(() => expect(calls).toBe(2));
  expect(screen.getByRole('heading', { name: 'Новый прайс' })).toBeInTheDocument();
  answer.resolve({ status: 200, data: { id: 5, title: 'Прайс с 1 декабря' } });
  expect(await screen.findByRole('heading', { name: 'Прайс с 1 декабря' })).toBeInTheDocument();
});
