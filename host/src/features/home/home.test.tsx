import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { CONTRACT_VERSION, setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
import Cabinet from '../layout/cabinet';
import { HOME_SETTLE_MS } from './home';

// What GET /api/remotes/registry/ answers: each remote's live release with its menu and widgets (contract 2.2).
const remote = (name: string, menu: unknown[], widgets: unknown[]) => ({
  name, basePath: `/${name}`, roles: ['dealer', 'manager', 'admin'], release: 'r1', entry: `/remotes/${name}/r1/mf-manifest.json`,
  remoteEntry: `/remotes/${name}/r1/remoteEntry.js`, contractVersion: CONTRACT_VERSION, menu, widgets,
});
const staff = ['manager', 'admin'];
const REGISTRY = { remotes: [
  remote('orders', [
    { key: 'orders', label: { ru: 'Заказы', en: 'Orders' }, path: '', roles: ['dealer', 'manager', 'admin'], beforeContract: true },
    { key: 'cart', label: { ru: 'Корзина', en: 'Cart' }, path: 'cart', roles: ['dealer'] },
  ], [
    { key: 'orders-to-confirm', title: { ru: 'Новые заказы', en: 'New orders' }, roles: staff, source: '/api/orders/?status=new&ordering=created_at',
      fields: { title: 'number', subtitle: 'dealer_name', amount: 'total', date: 'created_at' }, link: '/orders/:id', more: '/orders?status=new', inbox: true },
    { key: 'orders-in-progress', title: { ru: 'Заказы в работе', en: 'Orders in progress' }, roles: ['dealer'], source: '/api/orders/?status__in=new,confirmed',
      fields: { title: 'number', tag: 'status', amount: 'total' }, link: '/orders/:id', more: '/orders' },
  ]),
  remote('dealers', [{ key: 'registrations', label: { ru: 'Заявки', en: 'Requests' }, path: 'registrations', roles: staff }], [
    { key: 'registrations-to-decide', title: { ru: 'Заявки на регистрацию', en: 'Registration requests' }, roles: staff, source: '/api/regreq/?status=new&ordering=created_at',
      fields: { title: 'company_name', subtitle: 'contact_name,email', date: 'created_at' }, link: '/dealers/registrations/:id', more: '/dealers/registrations?status=new', inbox: true },
  ]),
  remote('admin', [{ key: 'claims', label: { ru: 'Претензии', en: 'Claims' }, path: 'claims', roles: ['dealer', 'manager', 'admin'], beforeContract: true }], [
    { key: 'my-claims', title: { ru: 'Претензии', en: 'Claims' }, roles: ['dealer'], source: '/api/claims/?status__in=new,in_review',
      fields: { title: 'product_name', tag: 'status' }, statusOf: 'claim', link: '/admin/claims/:id', more: '/admin/claims' },
  ]),
] };

const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
let answers: Record<string, { status: number; data: unknown }>;
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  answers = {
    '/api/remotes/registry/': { status: 200, data: REGISTRY },
    '/api/orders/?status=new&ordering=created_at': { status: 200, data: { count: 7, next: null, previous: null, results: [
      { id: 11, number: '2026-0011', dealer_name: 'ООО «Север»', total: '1250.50', created_at: ago(3 * DAY + 3600_000) },
      { id: 12, number: '2026-0012', dealer_name: 'ООО «Юг»', total: '99.00', created_at: ago(2 * 3600_000) },
    ] } },
    '/api/regreq/?status=new&ordering=created_at': { status: 500, data: { message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' } },
    '/api/orders/?status__in=new,confirmed': { status: 200, data: { count: 1, next: null, previous: null, results: [
      { id: 5, number: '2026-0005', status: 'confirmed', total: '10.00' },
    ] } },
    '/api/claims/?status__in=new,in_review': { status: 200, data: { count: 1, next: null, previous: null, results: [{ id: 3, product_name: 'Профиль 40×20', status: 'new' }] } },
  };
  api = stubApi((config) => answers[config.url!] ?? { status: 404, data: { message: 'нет' } });
});
afterEach(() => { api.restore(); localStorage.clear(); });

const routes = <Routes><Route path="*" element={<Cabinet />} /></Routes>;
const signIn = (claims: object) => setTokens({ access: fakeAccessToken({ is_staff: false, dealer: null, contract_signed: true, ...claims }), refresh: 'r' });

describe('a manager\'s home: «Ждут решения»', () => {
  beforeEach(() => signIn({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true }));

  it('shows each inbox widget with its count and the longest waiting first, with how long it has waited', async () => {
    renderAt('/', routes);
    const inbox = await screen.findByRole('region', { name: 'Ждут решения' });
    const orders = await within(inbox).findByRole('region', { name: /Новые заказы/ });
    await within(orders).findByText('2026-0011');
    expect(within(orders).getByTestId('widget-count')).toHaveTextContent('7');
    const items = within(orders).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['2026-0011', '2026-0012']);
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/orders/11');
    expect(items[0]).toHaveTextContent(/ООО «Север» · 1\s250,50\s₽ · ждёт 3 дня/);
    expect(items[1]).toHaveTextContent('ждёт 2 часа');
    expect(within(orders).getByRole('link', { name: 'Новые заказы: все 7' })).toHaveAttribute('href', '/orders?status=new');
    // Each source asked for its first five only; the dealer's widgets are not asked for at all.
    const asked = api.calls.filter((c) => c.url!.startsWith('/api/orders/') || c.url!.startsWith('/api/claims/'));
    expect(asked.map((c) => [c.url, c.params])).toEqual([['/api/orders/?status=new&ordering=created_at', { page_size: 5 }]]);
  });

  it('a widget whose source fails says so with a retry, and the others stay', async () => {
    renderAt('/', routes);
    const requests = await screen.findByRole('region', { name: /Заявки на регистрацию/ });
    expect(await within(requests).findByRole('alert')).toHaveTextContent('Не удалось загрузить: Внутренняя ошибка сервера');
    expect(await screen.findByText('2026-0011')).toBeInTheDocument();
    answers['/api/regreq/?status=new&ordering=created_at'] = { status: 200, data: { count: 1, next: null, previous: null, results: [
      { id: 9, company_name: 'ИП Петров', contact_name: 'Пётр', email: 'p@x.ru', created_at: ago(5 * 60_000 + 30_000) },
    ] } };
    await userEvent.click(within(requests).getByRole('button', { name: 'Повторить: Заявки на регистрацию' }));
    expect(await within(requests).findByRole('link', { name: 'ИП Петров' })).toHaveAttribute('href', '/dealers/registrations/9');
    expect(within(requests).getByRole('listitem')).toHaveTextContent('Пётр · p@x.ru · ждёт 5 минут');
  });
});

describe('links and sources that leave the site (issue 30 item 4)', () => {
  beforeEach(() => signIn({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true }));

  it('a widget\'s item and «все» that would lead to another site are not links; a source elsewhere is not asked, and says so', async () => {
    const [orders] = REGISTRY.remotes;
    const [published] = orders.widgets as Array<Record<string, unknown>>;
    const hostile = { ...orders, widgets: [
      { ...published, link: '//evil.example/:id', more: '/\\evil.example/orders' },
      { ...published, key: 'elsewhere', title: { ru: 'Чужой источник', en: 'Elsewhere' }, source: '/api/\\evil.example/orders/', link: '/orders/:id' },
    ] };
    answers['/api/remotes/registry/'] = { status: 200, data: { remotes: [hostile] } };
    renderAt('/', routes);
    const widget = await screen.findByRole('region', { name: /Новые заказы/ });
    await within(widget).findByText('2026-0011');
    expect(within(widget).queryAllByRole('link')).toEqual([]);
    const elsewhere = await screen.findByRole('region', { name: /Чужой источник/ });
    expect(await within(elsewhere).findByRole('alert')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).not.toContain('/api/\\evil.example/orders/');
  });
});

describe('a dealer\'s home', () => {
  it('shows the cart with its total and «Оформить заказ», and the widgets with their statuses in words', async () => {
    localStorage.setItem('cart', JSON.stringify([{ product: 1, sku: 'A', name: 'Профиль', price: '100.25', quantity: 2 }, { product: 2, sku: 'B', name: 'Уголок', price: '10.00', quantity: 1 }]));
    signIn({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', dealer: 1 });
    renderAt('/', routes);
    const cart = await screen.findByRole('region', { name: /Корзина/ });
    expect(cart).toHaveTextContent(/2 позиции на 210,50\s₽/);
    expect(within(cart).getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/orders/cart');
    const orders = await screen.findByRole('region', { name: /Заказы в работе/ });
    expect(await within(orders).findByText('Подтверждён')).toBeInTheDocument();
    const claims = screen.getByRole('region', { name: /Претензии/ });
    expect(await within(claims).findByText('Новая')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ждут решения' })).not.toBeInTheDocument();
  });
});

describe('widgets and section cards drawn together, so nothing on the home moves as answers come', () => {
  const CLAIMS = '/api/claims/?status__in=new,in_review';
  let release: () => void;
  beforeEach(() => {
    signIn({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', dealer: 1 });
    const held = new Promise<void>((resolve) => { release = resolve; });
    api.restore();
    api = stubApi(async (config) => {
      if (config.url === CLAIMS) await held;
      return answers[config.url!] ?? { status: 404, data: { message: 'нет' } };
    });
  });
  afterEach(() => release());

  it('keeps them back while a widget waits for its answer, then shows them all at once', async () => {
    renderAt('/', routes);
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain(CLAIMS));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain('/api/orders/?status__in=new,confirmed'));
    // The orders widget has its answer; the claims widget has not: the home says it is loading, and shows neither.
    expect(screen.getByTestId('home-loading')).toHaveTextContent('Загрузка…');
    expect(screen.getByTestId('home-content')).not.toBeVisible();
    expect(screen.queryByRole('region', { name: /Заказы в работе/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Претензии' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('region', { name: /Претензии/ })).toBeVisible();
    expect(screen.getByRole('region', { name: /Заказы в работе/ })).toHaveTextContent('2026-0005');
    expect(screen.getByRole('link', { name: 'Претензии' })).toBeVisible();
    expect(screen.queryByTestId('home-loading')).not.toBeInTheDocument();
    expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument();
  });

  it('a widget slower than HOME_SETTLE_MS no longer holds the others: it shows «Загрузка…» in its place', async () => {
    renderAt('/', routes);
    const claims = await screen.findByRole('region', { name: /Претензии/ }, { timeout: HOME_SETTLE_MS + 2000 });
    expect(claims).toHaveTextContent('Загрузка…');
    expect(screen.getByRole('region', { name: /Заказы в работе/ })).toHaveTextContent('2026-0005');
    release();
    expect(await within(claims).findByText('Новая')).toBeInTheDocument();
  });
});
