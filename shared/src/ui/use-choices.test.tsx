import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetChoices } from '@portal/shared';
import { useChoices } from '@portal/shared/ui/use-choices';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';

function DealerNames({ label }: { label: string }) {
  const dealers = useChoices('/api/dealers/');
  if (dealers.error) return <p role="alert">{dealers.error} <button type="button" onClick={dealers.reload}>Повторить</button></p>;
  return <p aria-label={label}>{dealers.loaded ? dealers.items.map((d) => d.name).join(', ') : 'загрузка'} / {dealers.nameOf(2)} / {dealers.nameOf(9)}</p>;
}

beforeEach(() => { signIn(STAFF); forgetChoices('/api/dealers/'); });
afterEach(() => localStorage.clear());

const dealers = { count: 2, next: null, previous: null, results: [{ id: 1, name: 'Альфа' }, { id: 2, name: 'Бета' }] };

it('two screens asking for the same choices ask the API once: every row, by name', async () => {
  const sent = answerWith(() => ({ data: dealers }));
  renderScreen(<><DealerNames label="первый" /><DealerNames label="второй" /></>);
  await waitFor(() => expect(screen.getByLabelText('первый')).toHaveTextContent('Альфа, Бета / Бета / #9'));
  await waitFor(() => expect(screen.getByLabelText('второй')).toHaveTextContent('Альфа, Бета'));
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/dealers/', params: { page_size: 500, ordering: 'name' } });
});

it('a failed read is not kept: «Повторить» asks again', async () => {
  const user = userEvent.setup({ delay: null });
  let calls = 0;
  const sent = answerWith(() => { calls += 1; return calls === 1 ? { status: 500, data: { message: 'Сервер недоступен.' } } : { data: dealers }; });
  renderScreen(<DealerNames label="дилеры" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен.');
  await user.click(screen.getByRole('button', { name: 'Повторить' }));
  await waitFor(() => expect(screen.getByLabelText('дилеры')).toHaveTextContent('Альфа, Бета'));
  expect(sent).toHaveLength(2);
});
