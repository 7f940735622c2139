import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { ScreenTitle } from '@portal/shared/ui/text';
import { useNavigate } from 'react-router-dom';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import { createCrudArea } from '@portal/shared';
import { deferred } from '../test-helpers';

interface Values { title: string; body: string }
const letters = createCrudArea<'/api/newsletters/', Values & { id: number }>({ name: 'letterForms', path: '/api/newsletters/' });

function LetterForm({ id, initial }: { id?: number; initial?: Values }) {
  const binding = useResourceForm<Values, Values & { id: number }>({ name: 'letter', area: letters, id, initialValues: initial, onSaved: () => undefined });
  return (
    <>
      <Link to="/elsewhere">Другой раздел</Link>
      <ResourceForm binding={binding}>
        <Form.Item name="title" label="Заголовок" rules={[{ required: true }]}><Input /></Form.Item>
        <Form.Item name="body" label="Текст"><Input.TextArea /></Form.Item>
      </ResourceForm>
    </>
  );
}

jest.setTimeout(30_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('a failed save puts the API\'s field errors on their fields and keeps everything typed; submit waits while saving', async () => {
  const user = userEvent.setup({ delay: null });
  const answer = deferred<{ status: number; data: unknown }>();
  const sent = answerWith(() => answer.promise);
  renderScreen(<LetterForm />, { slices: [letters.slice], at: '/letters/new' });
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Прайс');
  await user.type(screen.getByRole('textbox', { name: 'Текст' }), 'Цены **обновлены**');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/newsletters/' });
  expect(JSON.parse(String(sent[0].data))).toEqual({ title: 'Прайс', body: 'Цены **обновлены**' });
  // Saving: the button is busy and cannot send twice.
  expect(screen.getByRole('button', { name: /Сохранить/ })).toBeDisabled();

  answer.resolve({ status: 400, data: { message: 'Проверьте поля формы.', code: 'invalid', fields: { title: ['Такой заголовок уже есть'], audience: ['Нет такой группы'] } } });
  expect(await screen.findByText('Такой заголовок уже есть')).toBeInTheDocument();
  // The field's error sits with its field; one the form does not show is said above it.
  expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Проверьте поля формы. Нет такой группы')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue('Прайс');
  expect(screen.getByRole('textbox', { name: 'Текст' })).toHaveValue('Цены **обновлены**');
  expect(screen.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
});

it('a required field is named by its label alone, the star left out of its name', () => {
  answerWith(() => ({ data: {} }));
  renderScreen(<LetterForm />, { slices: [letters.slice], at: '/letters/new' });
  expect(screen.getByRole('textbox', { name: 'Заголовок' })).toBeInTheDocument();
  expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
});

it('editing fills the form from the item and saves with PUT to the item', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(() => ({ data: { id: 4 } }));
  renderScreen(<LetterForm id={4} initial={{ title: 'Старый', body: 'Текст' }} />, { slices: [letters.slice], at: '/letters/4/edit' });
  expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue('Старый');
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), ' и новый');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/newsletters/4/' });
  expect(JSON.parse(String(sent[0].data))).toEqual({ id: 4, title: 'Старый и новый', body: 'Текст' });
});

it('a save goes through the area: its flags of spec §4 and its rows follow the form', async () => {
  const user = userEvent.setup({ delay: null });
  const answer = deferred<{ status: number; data: unknown }>();
  answerWith(() => answer.promise);
  const view = renderScreen(<LetterForm id={4} initial={{ title: 'Старый', body: 'Текст' }} />, { slices: [letters.slice], at: '/letters/4/edit' });
  view.store.dispatch({ type: `${letters.name}/fetchList/fulfilled`, payload: { items: [{ id: 4, title: 'Старый', body: 'Текст' }], count: 1 } });
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), '!');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(letters.selectArea(view.store.getState())).toMatchObject({ saving: true, saved: false }));
  answer.resolve({ status: 200, data: { id: 4, title: 'Старый!', body: 'Текст' } });
  await waitFor(() => expect(letters.selectArea(view.store.getState())).toMatchObject({ saving: false, saved: true, error: null }));
  const area = letters.selectArea(view.store.getState());
  expect(area.savedItem).toEqual({ id: 4, title: 'Старый!', body: 'Текст' });
  // Update replaces the matching row by id (spec §4).
  expect(area.items).toEqual([{ id: 4, title: 'Старый!', body: 'Текст' }]);
});

it('leaving with unsaved changes asks first: in the app through our dialog, on reload through the browser', async () => {
  const user = userEvent.setup({ delay: null });
  answerWith(() => ({ data: {} }));
  const view = renderScreen(<LetterForm />, { slices: [letters.slice], at: '/letters/new', routes: { '/elsewhere': <p>Другой раздел открыт</p> } });
  // Nothing typed: leaving is free, and a reload is not stopped.
  const clean = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(clean);
  expect(clean.defaultPrevented).toBe(false);

  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Черновик');
  const reload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(reload);
  expect(reload.defaultPrevented).toBe(true);

  await user.click(screen.getByRole('link', { name: 'Другой раздел' }));
  expect(await screen.findByRole('dialog', { name: 'Уйти со страницы?' })).toBeInTheDocument();
  expect(view.address()).toBe('/letters/new');
  await user.click(screen.getByRole('button', { name: 'Остаться' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue('Черновик');

  fireEvent.click(screen.getByRole('link', { name: 'Другой раздел' }));
  await user.click(await screen.findByRole('button', { name: 'Уйти' }));
  await waitFor(() => expect(view.address()).toBe('/elsewhere'));
  expect(screen.getByText('Другой раздел открыт')).toBeInTheDocument();
});

it("the browser's back button asks too, and staying keeps the address and what was typed", async () => {
  const user = userEvent.setup({ delay: null });
  answerWith(() => ({ data: {} }));
  const view = renderScreen(<LetterForm />, { slices: [letters.slice], at: '/letters/new', before: ['/elsewhere'], routes: { '/elsewhere': <p>Другой раздел открыт</p> } });
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Черновик');

  fireEvent.click(screen.getByTestId('history-back'));
  expect(await screen.findByRole('dialog', { name: 'Уйти со страницы?' })).toBeInTheDocument();
  expect(view.address()).toBe('/letters/new');
  await user.click(screen.getByRole('button', { name: 'Остаться' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(view.address()).toBe('/letters/new');
  expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue('Черновик');

  fireEvent.click(screen.getByTestId('history-back'));
  await user.click(await screen.findByRole('button', { name: 'Уйти' }));
  await waitFor(() => expect(view.address()).toBe('/elsewhere'));
});

function SavingLetterForm() {
  const navigate = useNavigate();
  const binding = useResourceForm<Values, Values & { id: number }>({
    name: 'letter', area: letters,
    saved: (item, created) => `Письмо «${item.title}» ${created ? 'создано' : 'сохранено'}`,
    onSaved: (item) => navigate(`/letters/${item.id}`),
  });
  return (
    <>
      <ScreenTitle>Новое письмо</ScreenTitle>
      <ResourceForm binding={binding}>
        <Form.Item name="title" label="Заголовок"><Input /></Form.Item>
      </ResourceForm>
    </>
  );
}

it('a save says what it did, and the page it opens takes the focus on its heading; a refused save puts the focus on the field to correct', async () => {
  const user = userEvent.setup({ delay: null });
  let refuse = true;
  answerWith((request) => (refuse
    ? { status: 400, data: { message: 'Проверьте поля формы.', code: 'invalid', fields: { title: ['Такой заголовок уже есть'] } } }
    : { status: 201, data: { id: 9, ...JSON.parse(String(request.data)) } }));
  const view = renderScreen(<SavingLetterForm />, { slices: [letters.slice], at: '/letters/new', routes: { '/letters/:id': <ScreenTitle>Письмо</ScreenTitle> } });
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Прайс');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Такой заголовок уже есть')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveFocus());
  expect(screen.getByTestId('answer')).toHaveTextContent('');

  refuse = false;
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(view.address()).toBe('/letters/9'));
  expect(screen.getByTestId('answer')).toHaveTextContent('Письмо «Прайс» создано');
  expect(screen.getByTestId('answer')).toHaveAttribute('data-tone', 'success');
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Письмо' })).toHaveFocus());
});
