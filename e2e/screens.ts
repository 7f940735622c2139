// The screens of design §13 that each role may open, with the ids of their details read from the API
// as that user: the walks of every screen (on a phone, e2e/phone.e2e.ts; axe-core in both themes,
// e2e/axe-every-screen.e2e.ts) go through the same list.
import type { Page } from '@playwright/test';
import { expect, callApi, type ApiUser } from './fixtures';

export type Role = 'dealer' | 'manager' | 'admin';
export const ALL: Role[] = ['dealer', 'manager', 'admin'];
export const STAFF: Role[] = ['manager', 'admin'];

interface Row { id: number; number?: string; name?: string; title?: string; company_name?: string; first_name?: string; last_name?: string; email?: string }
export interface Screen {
  path: string;
  /** the screen's level-1 heading */
  heading: string | RegExp;
  /** the drawer's entry marked as the screen shown; none for a screen the menu does not list (the profile, from the user menu) */
  entry?: string;
  /** a list screen (ResourceList): its rows show as cards (a dealer's news are a feed of their own) */
  list?: boolean;
}

/** The first row a list of the API gives the signed-in user. */
async function first(page: Page | ApiUser, path: string): Promise<Row> {
  const { results } = await callApi<{ results: Row[] }>(page, 'GET', path);
  expect(results.length, `${path} has no rows to open`).toBeGreaterThan(0);
  return results[0];
}

/** The screens `role` may open, with the ids of its details read from the API as that user (on a page or through the API alone). */
export async function screensOf(page: Page | ApiUser, role: Role): Promise<Screen[]> {
  const staff = role !== 'dealer';
  const comms = staff ? 'Рассылки и новости' : 'Новости';
  const product = await first(page, staff ? '/api/products/' : '/api/dp/');
  const order = await first(page, '/api/orders/');
  const news = await first(page, '/api/news/');
  const claim = await first(page, '/api/claims/');
  const screens: Array<Screen & { who: Role[] }> = [
    { who: ALL, path: '/catalog', heading: 'Каталог', entry: 'Каталог', list: true },
    { who: ALL, path: `/catalog/products/${product.id}`, heading: product.name!, entry: 'Каталог' },
    { who: ALL, path: '/orders', heading: 'Заказы', entry: 'Заказы', list: true },
    { who: ALL, path: `/orders/${order.id}`, heading: /^Заказ №/, entry: 'Заказы' },
    { who: ALL, path: '/orders/shipping', heading: 'Отгрузки', entry: 'Отгрузки', list: true },
    { who: ALL, path: '/orders/deletion-requests', heading: 'Запросы на отмену', entry: 'Запросы на отмену', list: true },
    { who: ALL, path: '/comms', heading: comms, entry: comms, list: staff },
    { who: ALL, path: `/comms/news/${news.id}`, heading: news.title!, entry: comms },
    { who: ALL, path: '/comms/documents', heading: 'Документы', entry: 'Документы', list: true },
    { who: ALL, path: '/admin/claims', heading: 'Претензии', entry: 'Претензии', list: true },
    { who: ALL, path: `/admin/claims/${claim.id}`, heading: `Претензия № ${claim.id}`, entry: 'Претензии' },
    { who: ALL, path: `/admin/claims/new?order=${order.id}`, heading: /^Претензия по заказу/, entry: 'Претензии' },
    { who: ALL, path: '/profile', heading: 'Профиль' },
    { who: ['dealer'], path: '/catalog/calculator', heading: 'Калькулятор', entry: 'Калькулятор' },
    { who: ['dealer'], path: '/orders/cart', heading: 'Корзина', entry: 'Корзина' },
    { who: ['dealer'], path: '/orders/quick', heading: 'Быстрый заказ', entry: 'Быстрый заказ' },
    { who: STAFF, path: '/catalog/products/new', heading: 'Новый товар', entry: 'Каталог' },
    { who: STAFF, path: `/catalog/products/${product.id}/edit`, heading: `Товар: ${product.name}`, entry: 'Каталог' },
    { who: STAFF, path: '/catalog/stock', heading: 'Склад', entry: 'Склад', list: true },
    { who: STAFF, path: '/comms/newsletters/new', heading: 'Новая рассылка', entry: comms },
    { who: STAFF, path: '/dealers', heading: 'Дилеры', entry: 'Дилеры', list: true },
    { who: STAFF, path: '/dealers/groups', heading: 'Группы дилеров', entry: 'Группы дилеров', list: true },
    { who: STAFF, path: '/dealers/registrations', heading: 'Заявки на регистрацию', entry: 'Заявки на регистрацию', list: true },
    { who: ['admin'], path: '/admin/users', heading: 'Пользователи', entry: 'Пользователи', list: true },
    { who: ['admin'], path: '/admin/settings', heading: 'Настройки', entry: 'Настройки' },
    { who: ['admin'], path: '/admin/releases', heading: 'Релизы разделов', entry: 'Релизы разделов' },
    { who: ['admin'], path: '/admin/audit', heading: 'Журнал действий', entry: 'Журнал действий', list: true },
    { who: ['admin'], path: '/admin/exchange', heading: 'Обмен с 1С', entry: 'Обмен с 1С' },
  ];
  if (staff) {
    const dealer = await first(page, '/api/dealers/');
    const request = await first(page, '/api/regreq/');
    const newsletter = await first(page, '/api/newsletters/');
    screens.push(
      { who: STAFF, path: `/dealers/${dealer.id}`, heading: dealer.name!, entry: 'Дилеры' },
      { who: STAFF, path: `/dealers/registrations/${request.id}`, heading: /^Заявка/, entry: 'Заявки на регистрацию' },
      { who: STAFF, path: `/comms/newsletters/${newsletter.id}/edit`, heading: /^Рассылка/, entry: comms },
    );
  }
  if (role === 'admin') {
    const user = await first(page, '/api/users/');
    // Its heading is the user's name, as the screen writes it (or the address when there is none): a
    // heading of the screen before would not do, the router may still show it while this one loads.
    const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.email!;
    screens.push({ who: ['admin'], path: `/admin/users/${user.id}`, heading: name, entry: 'Пользователи' });
  }
  return screens.filter((s) => s.who.includes(role));
}

