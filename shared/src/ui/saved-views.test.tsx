// Saved list views as a user meets them on every ResourceList: «Виды» lists the user's views (and
// staff's shared ones), picking one opens the list at its query, «Сохранить вид…» keeps the
// address's filters, search and sort under a name, «Удалить вид…» deletes one's own.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCrudArea } from '@portal/shared';
import { ResourceList } from '@portal/shared/ui/resource-list';
import { viewQueryOf, type SavedView } from '@portal/shared/ui/saved-views';
import { listNameOf } from '@portal/shared/ui/list-name';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, filterShown } from '@portal/shared/ui/testing';

interface Order { id: number; number: string }

const area = createCrudArea<'/api/orders/', Order>({ name: 'viewOrders', path: '/api/orders/' });

function Orders() {
  return (
    <ResourceList area={area} title="Заказы" columns={[{ title: 'Номер', dataIndex: 'number', sortable: true }]}
      filters={[{ name: 'status', label: 'Статус', options: [{ value: 'new', label: 'Новый' }, { value: 'confirmed', label: 'Подтверждён' }] }]} />
  );
}

const view = (id: number, name: string, query: string, more: Partial<SavedView> = {}): SavedView => ({
  id, list: 'orders', name, query, shared: false, mine: true, author: 'Дилер Дилеров', created_at: '2026-11-27T05:00:00.000Z', ...more,
});

/** The API: the orders list, and the views answered by `views` (GET), `save` (POST) and `remove` (DELETE). */
function api(handlers: { views?: () => Answer; save?: (body: Record<string, unknown>) => Answer; remove?: () => Answer } = {}): SentRequest[] {
  return answerWith((request) => {
    if (request.url === '/api/orders/') return { data: { count: 1, next: null, previous: null, results: [{ id: 1, number: '2026-000001' }] } };
    if (request.url === '/api/views/' && request.method === 'GET') return handlers.views?.() ?? { data: [] };
    if (request.url === '/api/views/' && request.method === 'POST') return handlers.save?.(JSON.parse(String(request.data))) ?? { status: 500 };
    if (request.url.startsWith('/api/views/') && request.method === 'DELETE') return handlers.remove?.() ?? { status: 204 };
    return { status: 404, data: { message: 'Не найдено.', code: 'not_found' } };
  });
}
const viewCalls = (sent: SentRequest[]) => sent.filter((r) => r.url.startsWith('/api/views/'));

jest.setTimeout(30_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

/**
 * The open dialog with this title. (Under test, antd gives every generated id the same value, so a
 * dialog's aria-labelledby may point at another element: the title is read from the dialog itself.)
 */
const findDialog = (title: string) => waitFor(() => {
  const dialog = screen.getAllByRole('dialog').find((element) => element.querySelector('.ant-modal-title')?.textContent === title);
  expect(dialog).toBeDefined();
  return dialog!;
});

const openViews = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Виды' }));
  return screen.findByRole('menu');
};

it('names the list by its area path and keeps the view without the page', () => {
  expect(['/api/orders/', '/api/dp/', '/api/storeitems/3/movements/', '/orders/'].map(listNameOf)).toEqual(['orders', 'dp', null, null]);
  expect(viewQueryOf(new URLSearchParams('status=new&page=3&search=а б&ordering=-number'))).toBe('status=new&search=%D0%B0+%D0%B1&ordering=-number');
});

it('every list has «Виды»: the views are asked for when the menu opens, and picking one opens the list at its query', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = api({ views: () => ({ data: [view(5, 'Новые', 'status=new&ordering=-number'), view(6, 'Все', '')] }) });
  const screenView = renderScreen(<Orders />, { at: '/orders?page=2', slices: [area.slice] });
  expect(await screen.findByText('2026-000001')).toBeInTheDocument();
  // The list alone costs no call of the views.
  expect(viewCalls(sent)).toEqual([]);

  const menu = await openViews(user);
  expect(await within(menu).findByRole('menuitem', { name: 'Новые' })).toBeInTheDocument();
  expect(viewCalls(sent).map((r) => [r.method, r.params])).toEqual([['GET', { list: 'orders' }]]);
  expect(within(menu).getByText('Мои виды')).toBeInTheDocument();
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Новые', 'Все', 'Сохранить вид…', 'Удалить вид…']);

  await user.click(within(menu).getByRole('menuitem', { name: 'Новые' }));
  await waitFor(() => expect(screenView.address()).toBe('/orders?status=new&ordering=-number'));
  // The list follows its address: the filter shows and the API is asked for it.
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/orders/').at(-1)!.params).toEqual({ page: 1, page_size: 20, status: 'new', ordering: '-number' }));
  expect(filterShown('Статус')).toBe('Статус: Новый');

  // The view shown is marked in the menu; «Все» opens the plain list.
  const again = await openViews(user);
  await waitFor(() => expect(within(again).getByRole('menuitem', { name: 'Новые' })).toHaveClass('ant-dropdown-menu-item-selected'));
  await user.click(within(again).getByRole('menuitem', { name: 'Все' }));
  await waitFor(() => expect(screenView.address()).toBe('/orders'));
});

it('«Сохранить вид…» saves the address\'s filters, search and sort (not the page) under a name, and says so', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = api({ save: (body) => ({ status: 201, data: view(9, String(body.name), String(body.query)) }) });
  renderScreen(<Orders />, { at: '/orders?status=new&page=3&search=%D0%B0%D0%B1&ordering=-number', slices: [area.slice] });
  const menu = await openViews(user);
  expect(await within(menu).findByRole('menuitem', { name: 'Сохранить вид…' })).toBeInTheDocument();
  expect(within(menu).getByText('Сохранённых видов нет')).toBeInTheDocument();
  await user.click(within(menu).getByRole('menuitem', { name: 'Сохранить вид…' }));

  const dialog = await findDialog('Сохранить вид');
  const name = within(dialog).getByRole('textbox', { name: 'Название вида' });
  await waitFor(() => expect(name).toHaveFocus());
  // A dealer has no «Показать всем сотрудникам».
  expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await user.type(name, 'Мои новые{Enter}');

  expect(await screen.findByTestId('answer')).toHaveTextContent('Вид «Мои новые» сохранён');
  const post = viewCalls(sent).find((r) => r.method === 'POST')!;
  expect([post.params, JSON.parse(String(post.data))]).toEqual([{ list: 'orders' }, { name: 'Мои новые', query: 'status=new&search=%D0%B0%D0%B1&ordering=-number' }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('a refused name stays in the dialog on its field, read out, with the focus back on it', async () => {
  const user = userEvent.setup({ delay: null });
  api({ save: () => ({ status: 409, data: { code: 'view_name_taken', message: 'Вид с таким названием уже есть в этом списке.', fields: { name: ['Вид с таким названием уже есть в этом списке.'] } } }) });
  renderScreen(<Orders />, { at: '/orders?status=new', slices: [area.slice] });
  await user.click(await within(await openViews(user)).findByRole('menuitem', { name: 'Сохранить вид…' }));
  const dialog = await findDialog('Сохранить вид');
  const name = within(dialog).getByRole('textbox', { name: 'Название вида' });
  await user.type(name, 'Новые');
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Вид с таким названием уже есть в этом списке.');
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Вид с таким названием уже есть в этом списке.');
  await waitFor(() => expect(name).toHaveFocus());
  expect(await findDialog('Сохранить вид')).toBeInTheDocument();
});

it('staff see the views other staff shared, with who saved them, and may share their own', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = api({
    views: () => ({ data: [view(1, 'Мой', 'status=new'), view(2, 'К отгрузке', 'status=confirmed', { mine: false, shared: true, author: 'Анна Админова' })] }),
    save: (body) => ({ status: 201, data: view(3, String(body.name), String(body.query), { shared: Boolean(body.shared) }) }),
  });
  renderScreen(<Orders />, { at: '/orders?status=confirmed', slices: [area.slice] });
  const menu = await openViews(user);
  expect(await within(menu).findByText('Общие виды сотрудников')).toBeInTheDocument();
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent))
    .toEqual(['Мой', 'К отгрузке (сохранил(а) Анна Админова)', 'Сохранить вид…', 'Удалить вид…']);

  await user.click(within(menu).getByRole('menuitem', { name: 'Сохранить вид…' }));
  const dialog = await findDialog('Сохранить вид');
  await user.type(within(dialog).getByRole('textbox', { name: 'Название вида' }), 'Для всех');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Показать всем сотрудникам' }));
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(viewCalls(sent).filter((r) => r.method === 'POST')).toHaveLength(1));
  expect(JSON.parse(String(viewCalls(sent).find((r) => r.method === 'POST')!.data))).toEqual({ name: 'Для всех', query: 'status=confirmed', shared: true });
});

it('«Удалить вид…» lists only one\'s own views; each is deleted after a confirm', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  let stored = [view(5, 'Новые', 'status=new'), view(6, 'Чужой', '', { mine: false, shared: true })];
  const sent = api({ views: () => ({ data: stored }), remove: () => { stored = stored.filter((v) => v.id !== 5); return { status: 204 }; } });
  renderScreen(<Orders />, { at: '/orders', slices: [area.slice] });
  await user.click(await within(await openViews(user)).findByRole('menuitem', { name: 'Удалить вид…' }));
  const dialog = await findDialog('Мои виды');
  expect(within(dialog).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Новые']);

  await user.click(within(dialog).getByRole('button', { name: 'Удалить вид «Новые»' }));
  const confirm = await findDialog('Удалить вид «Новые»?');
  await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Вид «Новые» удалён'));
  expect(viewCalls(sent).filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/views/5/']);

  const menu = await openViews(user);
  await waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'Удалить вид…' })).not.toBeInTheDocument());
});

it('is used from the keyboard: a button that Enter opens as a menu of named items, and Escape closes back to the button', async () => {
  const user = userEvent.setup({ delay: null });
  api({ views: () => ({ data: [view(5, 'Новые', 'status=new'), view(6, 'Подтверждённые', 'status=confirmed')] }) });
  renderScreen(<Orders />, { at: '/orders', slices: [area.slice] });
  const button = await screen.findByRole('button', { name: 'Виды' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  button.focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  // Each view, and each action, is a menu item by its name (antd moves the focus in and its arrows
  // move it in a browser; jsdom has no layout for antd's check of what is visible).
  expect(await within(menu).findByRole('menuitem', { name: 'Подтверждённые' })).toBeInTheDocument();
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Новые', 'Подтверждённые', 'Сохранить вид…', 'Удалить вид…']);
  await user.keyboard('{Escape}');
  // (antd keeps the closed menu in the page, hidden.)
  // The light button the list first draws gives way to the menu's own: the focus is back on «Виды».
  const views = screen.getByRole('button', { name: 'Виды' });
  await waitFor(() => expect(views).not.toHaveClass('ant-dropdown-open'));
  expect(views).toHaveFocus();
});


it('a failed load of the views says why inside the menu; the list itself is untouched', async () => {
  const user = userEvent.setup({ delay: null });
  api({ views: () => ({ status: 500, data: { message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.', code: 'server_error' } }) });
  renderScreen(<Orders />, { at: '/orders', slices: [area.slice] });
  const menu = await openViews(user);
  expect(await within(menu).findByText('Не удалось загрузить виды: Внутренняя ошибка сервера. Попробуйте ещё раз позже.')).toBeInTheDocument();
  expect(screen.getByText('2026-000001')).toBeInTheDocument();
});

it('in English', async () => {
  const user = userEvent.setup({ delay: null });
  const { default: i18n } = await import('i18next');
  await act(() => i18n.changeLanguage('en'));
  try {
    api({ views: () => ({ data: [] }) });
    renderScreen(<Orders />, { at: '/orders', slices: [area.slice] });
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('No saved views')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Save view…' }));
    expect(await screen.findByRole('textbox', { name: 'View name' })).toBeInTheDocument();
  } finally {
    await act(() => i18n.changeLanguage('ru'));
  }
});
