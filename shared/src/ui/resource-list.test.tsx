import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCrudArea } from '@portal/shared';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest, windowOf, chooseFilter, filterShown } from '@portal/shared/ui/testing';

interface Letter { id: number; title: string; published: boolean }

const area = createCrudArea<'/api/newsletters/', Letter>({ name: 'letters', path: '/api/newsletters/' });
const columns: ResourceColumn<Letter>[] = [
  { title: 'Заголовок', dataIndex: 'title', sortable: true },
  { title: 'Опубликовано', dataIndex: 'published', render: (value: boolean) => (value ? 'да' : 'нет') },
  { title: '', key: 'actions', render: () => 'действия' },
];
const rows = (count: number, from = 1) => Array.from({ length: count }, (_, i) => ({ id: from + i, title: `Письмо ${from + i}`, published: i % 2 === 0 }));

function Letters() {
  return (
    <ResourceList area={area} title="Письма" columns={columns} exportPath="/api/newsletters/" exportName="letters" defaultOrdering="-id"
      filters={[{ name: 'published', label: 'Опубликовано', options: [{ value: 'true', label: 'Да' }, { value: 'false', label: 'Нет' }] }]} />
  );
}

const lists = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/newsletters/' && r.params.format === undefined);

// antd's table is slow to draw in jsdom on a busy machine.
jest.setTimeout(30_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('the address is the view: page, size, ordering, search and filters go to the API as they are', async () => {
  const sent = answerWith(() => ({ data: { count: 120, next: null, previous: null, results: rows(20, 41) } }));
  renderScreen(<Letters />, { at: '/letters?page=3&ordering=title&search=прайс&published=true', slices: [area.slice] });
  expect(await screen.findByText('Письмо 41')).toBeInTheDocument();
  expect(lists(sent)[0].params).toEqual({ page: 3, page_size: 20, ordering: 'title', search: 'прайс', published: 'true' });
  // The header shows the address's ordering, the search box its search, the pager its page.
  expect(screen.getByRole('columnheader', { name: /Заголовок/ })).toHaveAttribute('aria-sort', 'ascending');
  expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue('прайс');
  expect(screen.getByRole('button', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('combobox', { name: 'Строк на странице' })).toHaveValue('20');
  expect(screen.getByText('Всего: 120')).toBeInTheDocument();
});

it('sorting, paging and searching write the address (a new history entry each) and ask the server', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(({ params }) => ({ data: { count: 120, next: null, previous: null, results: rows(20, (Number(params.page) - 1) * 20 + 1) } }));
  const view = renderScreen(<Letters />, { at: '/letters', slices: [area.slice] });
  expect(await screen.findByText('Письмо 1')).toBeInTheDocument();
  expect(lists(sent)[0].params).toEqual({ page: 1, page_size: 20, ordering: '-id' });

  await user.click(screen.getByRole('button', { name: 'Страница 2' }));
  await waitFor(() => expect(view.address()).toBe('/letters?page=2'));
  expect(await screen.findByText('Письмо 21')).toBeInTheDocument();

  await user.click(screen.getByRole('columnheader', { name: /Заголовок/ }));
  await waitFor(() => expect(view.address()).toBe('/letters?ordering=title'));
  await waitFor(() => expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: 'title' }));
  await user.click(screen.getByRole('columnheader', { name: /Заголовок/ }));
  await waitFor(() => expect(view.address()).toBe('/letters?ordering=-title'));

  await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), 'акция');
  await waitFor(() => expect(view.address()).toBe('/letters?ordering=-title&search=%D0%B0%D0%BA%D1%86%D0%B8%D1%8F'));
  await waitFor(() => expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: '-title', search: 'акция' }));
  // Typing waited for the pause: one call for the whole word, not one per letter.
  expect(lists(sent).filter((r) => r.params.search !== undefined)).toHaveLength(1);

  // Back returns to the previous view, and the list and the box follow.
  fireEvent.click(screen.getByTestId('history-back'));
  await waitFor(() => expect(view.address()).toBe('/letters?ordering=-title'));
  await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Поиск' })).toHaveValue(''));
  await waitFor(() => expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: '-title' }));
});

it('a filter narrows the list from page 1', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(() => ({ data: { count: 1, next: null, previous: null, results: rows(1) } }));
  const view = renderScreen(<Letters />, { at: '/letters?page=4', slices: [area.slice] });
  await screen.findByText('Письмо 1');
  await chooseFilter(user, 'Опубликовано', 'Нет');
  await waitFor(() => expect(view.address()).toBe('/letters?published=false'));
  await waitFor(() => expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: '-id', published: 'false' }));
});

it('an empty answer says so; a failed one shows the message, and retry asks for the same view, ordering included', async () => {
  let fail = true;
  const sent = answerWith(() => (fail
    ? { status: 503, data: { message: 'Сервис недоступен' } }
    : { data: { count: 0, next: null, previous: null, results: [] } }));
  renderScreen(<Letters />, { at: '/letters?page=2&ordering=title&search=x', slices: [area.slice] });
  expect(await screen.findByText('Сервис недоступен')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
  expect(screen.queryByText('Сервис недоступен')).toBeNull();
  const [first, second] = lists(sent);
  expect(second.params).toEqual(first.params);
  expect(second.params).toEqual({ page: 2, page_size: 20, ordering: 'title', search: 'x' });
});

it('the table is plain markup: a page size starts again from page 1, rows open with a button, a loading page is marked busy', async () => {
  const user = userEvent.setup({ delay: null });
  let hold: (() => void) | undefined;
  const sent = answerWith(({ params }) => {
    const answer = { data: { count: 120, next: null, previous: null, results: rows(Number(params.page_size), (Number(params.page) - 1) * Number(params.page_size) + 1) } };
    return params.page_size === 100 ? new Promise((resolve) => { hold = () => resolve(answer); }) : answer;
  });
  function Opening() {
    return <ResourceList area={area} title="Письма" columns={columns} expandable={{ expandedRowRender: (row) => `Текст письма ${row.id}`, rowExpandable: (row) => row.id !== 2 }} />;
  }
  const view = renderScreen(<Opening />, { at: '/letters?page=3', slices: [area.slice] });
  expect(await screen.findByText('Письмо 41')).toBeInTheDocument();
  // No antd table is drawn, and no antd component style is computed for it.
  expect(document.querySelector('.ant-table')).toBeNull();
  expect(screen.getByRole('table', { name: 'Письма' })).not.toHaveAttribute('aria-busy');

  // Row 41 opens and closes; row 42 has nothing to open.
  const row = screen.getByRole('row', { name: /Письмо 41/ });
  await user.click(within(row).getByRole('button', { name: 'Развернуть строку' }));
  expect(screen.getByText('Текст письма 41')).toBeInTheDocument();
  await user.click(within(row).getByRole('button', { name: 'Свернуть строку' }));
  expect(screen.queryByText('Текст письма 41')).toBeNull();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Строк на странице' }), '100');
  await waitFor(() => expect(view.address()).toBe('/letters?page_size=100'));
  expect(await screen.findByRole('status', { name: 'Загрузка…' })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Письма' })).toHaveAttribute('aria-busy', 'true');
  await act(async () => hold!());
  expect(await screen.findByText('Письмо 100')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Загрузка…' })).toBeNull();
  expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 100 });
});

it('answers come in the order the view changed: a slow old search never overwrites the new one', async () => {
  const user = userEvent.setup({ delay: null });
  const waiting: Array<() => void> = [];
  answerWith(({ params }) => new Promise((resolve) => {
    const answer = { data: { count: 1, next: null, previous: null, results: [{ id: 1, title: `по «${params.search ?? ''}»`, published: true }] } };
    waiting.push(() => resolve(answer));
  }));
  const view = renderScreen(<Letters />, { at: '/letters', slices: [area.slice] });
  await waitFor(() => expect(waiting).toHaveLength(1));
  await user.type(screen.getByRole('searchbox'), 'a{Enter}');
  await user.type(screen.getByRole('searchbox'), 'b{Enter}');
  await waitFor(() => expect(view.address()).toBe('/letters?search=ab'));
  // Still one call in flight: the first, for the plain list.
  expect(waiting).toHaveLength(1);
  await act(async () => waiting.shift()!());
  // The first answer lands; only then is the newest view asked for, once.
  await waitFor(() => expect(waiting).toHaveLength(1));
  await act(async () => waiting.shift()!());
  expect(await screen.findByText('по «ab»')).toBeInTheDocument();
  expect(waiting).toHaveLength(0);
});

it('«Экспорт CSV» downloads every matching row: same filters, search and ordering, the visible columns, no paging', async () => {
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => { saved.push(blob); return 'blob:csv'; });
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this.download); });
  const sent = answerWith(({ params }) => (params.format === 'csv'
    ? { data: new Blob(['\ufeffЗаголовок;Опубликовано\r\n'], { type: 'text/csv' }), headers: { 'content-disposition': "attachment; filename*=UTF-8''%D0%BF%D0%B8%D1%81%D1%8C%D0%BC%D0%B0.csv" } }
    : { data: { count: 120, next: null, previous: null, results: rows(20) } }));
  renderScreen(<Letters />, { at: '/letters?page=2&page_size=50&ordering=title&search=x&published=true', slices: [area.slice] });
  await screen.findByText('Письмо 1');
  await userEvent.click(screen.getByRole('button', { name: 'Экспорт CSV' }));
  await waitFor(() => expect(clicked).toEqual(['письма.csv']));
  const csv = sent.find((r) => r.params.format === 'csv')!;
  expect(csv.url).toBe('/api/newsletters/');
  expect(csv.params).toEqual({ format: 'csv', ordering: 'title', search: 'x', published: 'true', fields: 'title,published' });
  expect(csv.responseType).toBe('blob');
  expect(csv.authorization).toMatch(/^Bearer /);
  expect(saved).toHaveLength(1);
  click.mockRestore();
});

it('a failed export shows the API\'s message and leaves the list as it was', async () => {
  answerWith(({ params }) => (params.format === 'csv'
    ? { status: 400, data: new Blob([JSON.stringify({ message: 'Неверный столбец', code: 'invalid' })], { type: 'application/json' }) }
    : { data: { count: 1, next: null, previous: null, results: rows(1) } }));
  renderScreen(<Letters />, { at: '/letters', slices: [area.slice] });
  await screen.findByText('Письмо 1');
  await userEvent.click(screen.getByRole('button', { name: 'Экспорт CSV' }));
  expect(await screen.findByText('Не удалось выгрузить CSV: Неверный столбец')).toBeInTheDocument();
  expect(within(screen.getByRole('table')).getByText('Письмо 1')).toBeInTheDocument();
});

it('a failed price-list download says so, not «CSV»', async () => {
  answerWith(({ params }) => (params.format === 'xlsx'
    ? { status: 503, data: new Blob([JSON.stringify({ message: 'Сервис временно недоступен.', code: 'unavailable' })], { type: 'application/json' }) }
    : { data: { count: 1, next: null, previous: null, results: rows(1) } }));
  renderScreen(<ResourceList area={area} title="Товары" columns={columns} exportPath="/api/newsletters/" exportName="prices" exportFormat="xlsx" exportLabel="Скачать прайс-лист" />,
    { at: '/letters', slices: [area.slice] });
  await screen.findByText('Письмо 1');
  await userEvent.click(screen.getByRole('button', { name: 'Скачать прайс-лист' }));
  expect(await screen.findByText('Не удалось скачать прайс-лист: Сервис временно недоступен.')).toBeInTheDocument();
  expect(screen.queryByText(/CSV/)).toBeNull();
});

it('a filter value of the address with no option yet (its options still loading) is shown as it is', async () => {
  answerWith(() => ({ data: { count: 1, next: null, previous: null, results: rows(1) } }));
  function Loading() {
    return <ResourceList area={area} title="Письма" columns={columns} filters={[{ name: 'category', label: 'Категория', options: [] }]} />;
  }
  renderScreen(<Loading />, { at: '/letters?category=Ручной+инструмент', slices: [area.slice] });
  expect(await screen.findByText('Письмо 1')).toBeInTheDocument();
  expect(filterShown('Категория')).toBe('Категория: Ручной инструмент');
});

it('a list with a period, a named search, its own count words and rows that open', async () => {
  const sent = answerWith(() => ({ data: { count: 1, next: null, previous: null, results: rows(1) } }));
  function Dated() {
    return (
      <ResourceList area={area} title="Письма" columns={columns} period searchLabel="Номер письма" totalText={(count) => `Писем: ${count}`}
        expandable={{ expandedRowRender: (letter) => <p>Подробно о «{letter.title}»</p> }} />
    );
  }
  renderScreen(<Dated />, { at: '/letters?created_after=2026-01-01', slices: [area.slice] });
  expect(await screen.findByText('Письмо 1')).toBeInTheDocument();
  expect(sent.at(-1)?.params).toMatchObject({ created_after: '2026-01-01' });
  expect(screen.getByRole('searchbox', { name: 'Номер письма' })).toBeInTheDocument();
  expect(screen.getByText('Писем: 1')).toBeInTheDocument();
  expect(screen.getByLabelText('С даты')).toHaveValue('2026-01-01');
  await userEvent.click(screen.getByRole('button', { name: /развернуть|expand/i }));
  expect(await screen.findByText('Подробно о «Письмо 1»')).toBeInTheDocument();
});

it('an area\'s fixed filters go with its list and with its CSV export (the staff\'s queue of pending requests)', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const queue = createCrudArea<'/api/newsletters/', Letter>({ name: 'lettersQueue', path: '/api/newsletters/', params: { published: 'false' } });
  const sent = answerWith(({ params }) => (params.format === 'csv'
    ? { data: new Blob(['\ufeffЗаголовок\r\n'], { type: 'text/csv' }) }
    : { data: { count: 1, next: null, previous: null, results: rows(1) } }));
  renderScreen(<ResourceList area={queue} title="Черновики" columns={columns} exportPath="/api/newsletters/" />, { at: '/letters', slices: [queue.slice] });
  await screen.findByText('Письмо 1');
  expect(sent[0].params).toMatchObject({ published: 'false' });
  await userEvent.click(screen.getByRole('button', { name: 'Экспорт CSV' }));
  await waitFor(() => expect(sent.some((r) => r.params.format === 'csv')).toBe(true));
  expect(sent.find((r) => r.params.format === 'csv')?.params).toMatchObject({ published: 'false', format: 'csv' });
});

describe('on a phone (below 768 px) the rows are cards', () => {
  beforeEach(() => { windowOf(390); });

  const cards = async () => within(await screen.findByRole('list', { name: 'Письма' })).getAllByRole('listitem');

  it('each card shows its heading, every field with its column\'s name, and the actions; no table', async () => {
    answerWith(() => ({ data: { count: 2, next: null, previous: null, results: rows(2) } }));
    renderScreen(<Letters />, { at: '/letters', slices: [area.slice] });
    const [first, second] = await cards();
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(first).getByRole('heading', { level: 2, name: 'Письмо 1' })).toBeInTheDocument();
    expect(first).toHaveAccessibleName('Письмо 1');
    expect(within(first).getByRole('term')).toHaveTextContent('Опубликовано');
    expect(within(first).getByRole('definition')).toHaveTextContent('да');
    expect(within(first).getByText('действия')).toBeInTheDocument();
    expect(within(second).getByRole('heading', { name: 'Письмо 2' })).toBeInTheDocument();
    expect(within(second).getByRole('definition')).toHaveTextContent('нет');
    expect(screen.getByText('Всего: 2')).toBeInTheDocument();
  });

  it('a column marked as the heading heads the card; one marked as actions goes to its bottom', async () => {
    answerWith(() => ({ data: { count: 1, next: null, previous: null, results: rows(1) } }));
    const marked: ResourceColumn<Letter>[] = [
      { title: 'Номер', dataIndex: 'id' },
      { title: 'Заголовок', dataIndex: 'title', card: 'heading', render: (title: string) => <a href="/letters/1">{title}</a> },
      { title: 'В корзину', key: 'cart', card: 'actions', render: () => <button type="button">В корзину</button> },
    ];
    renderScreen(<ResourceList area={area} title="Письма" columns={marked} />, { at: '/letters', slices: [area.slice] });
    const [card] = await cards();
    expect(within(within(card).getByRole('heading')).getByRole('link', { name: 'Письмо 1' })).toBeInTheDocument();
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Номер']);
    expect(within(card).getByRole('definition')).toHaveTextContent('1');
    expect(within(card).getByRole('button', { name: 'В корзину' })).toBeInTheDocument();
  });

  it('«Сортировка» offers the sortable columns both ways and writes the ordering into the address', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = answerWith(() => ({ data: { count: 1, next: null, previous: null, results: rows(1) } }));
    const view = renderScreen(<Letters />, { at: '/letters?ordering=title', slices: [area.slice] });
    await cards();
    expect(filterShown('Сортировка')).toBe('Сортировка: Заголовок, по возрастанию');
    await chooseFilter(user, 'Сортировка', 'Заголовок, по убыванию');
    await waitFor(() => expect(view.address()).toBe('/letters?ordering=-title'));
    await waitFor(() => expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: '-title' }));
    await chooseFilter(user, 'Сортировка', 'по умолчанию');
    await waitFor(() => expect(view.address()).toBe('/letters'));
    await waitFor(() => expect(lists(sent).at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: '-id' }));
  });

  it('pages as the table does: the address\'s page and size, and the next page asked for', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = answerWith(({ params }) => ({ data: { count: 120, next: null, previous: null, results: rows(Number(params.page_size), (Number(params.page) - 1) * Number(params.page_size) + 1) } }));
    const view = renderScreen(<Letters />, { at: '/letters?page=2&page_size=50', slices: [area.slice] });
    expect(await screen.findByRole('heading', { name: 'Письмо 51' })).toBeInTheDocument();
    expect(lists(sent)[0].params).toEqual({ page: 2, page_size: 50, ordering: '-id' });
    expect(screen.getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'Строк на странице' })).toHaveValue('50');
    await user.click(screen.getByRole('button', { name: 'Страница 3' }));
    await waitFor(() => expect(view.address()).toBe('/letters?page=3&page_size=50'));
    expect(await screen.findByRole('heading', { name: 'Письмо 101' })).toBeInTheDocument();
    expect(await cards()).toHaveLength(50);
  });

  it('an empty answer says so; a failed one shows the message and retries', async () => {
    let fail = true;
    answerWith(() => (fail ? { status: 503, data: { message: 'Сервис недоступен' } } : { data: { count: 0, next: null, previous: null, results: [] } }));
    renderScreen(<Letters />, { at: '/letters', slices: [area.slice] });
    expect(await screen.findByText('Сервис недоступен')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    expect(screen.queryByText('Сервис недоступен')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a row that opens has a toggle in its card that shows and hides what the table would expand', async () => {
    answerWith(() => ({ data: { count: 1, next: null, previous: null, results: rows(1) } }));
    renderScreen(
      <ResourceList area={area} title="Письма" columns={columns} expandable={{ expandedRowRender: (letter) => <p>Подробно о «{letter.title}»</p> }} />,
      { at: '/letters', slices: [area.slice] },
    );
    const [card] = await cards();
    const toggle = within(card).getByRole('button', { name: 'Подробнее' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Подробно о «Письмо 1»')).toBeNull();
    await userEvent.click(toggle);
    expect(await within(card).findByText('Подробно о «Письмо 1»')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(card).getByRole('button', { name: 'Свернуть' }));
    expect(screen.queryByText('Подробно о «Письмо 1»')).toBeNull();
  });
});
