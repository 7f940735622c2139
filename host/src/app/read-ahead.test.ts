// host/index.html's inline script, run as the page runs it (before any other script): what it asks
// the API for ahead of the code (design §3 "Data before code", issue 31 item 3), and that it never
// throws where it has nothing to do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RegistryRemote } from '@portal/shared';
import { WIDGET_ITEMS } from '../features/home/widgets';
import type { RegistryReadAhead } from '../features/remote-loader/registry';
import { fakeAccessToken } from '../test/render';

const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
const script = [...html.matchAll(/<script nonce="__CSP_NONCE__">([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((code) => code.includes('__portalPreload'));
if (!script) throw new Error('index.html has no inline script that leaves window.__portalPreload');

const NEWS = '/api/news/?page=1&page_size=10&ordering=-published_at';

const remote = (name: string, menu: Array<Partial<RegistryRemote['menu'][number]>>, widgets: RegistryRemote['widgets'] = []): RegistryRemote => ({
  name, basePath: `/${name}`, roles: ['dealer', 'manager', 'admin'], release: 'r1', entry: `/remotes/${name}/r1/mf-manifest.json`,
  remoteEntry: `/remotes/${name}/r1/remoteEntry.js`, contractVersion: '2.6.0', widgets,
  menu: menu.map((entry, i) => ({ key: `e${i}`, label: { ru: 'Раздел', en: 'Area' }, path: '', roles: ['dealer'], ...entry })),
});

const comms = remote('comms', [
  { key: 'news', path: '', roles: ['dealer'], beforeContract: true, preload: NEWS },
  { key: 'newsletters', path: '', roles: ['manager', 'admin'], preload: '/api/newsletters/?page=1&page_size=20&ordering=-created_at' },
  { key: 'documents', path: 'documents', roles: ['dealer', 'manager', 'admin'] },
], [
  { key: 'unread', title: { ru: 'Новости', en: 'News' }, roles: ['dealer'], source: '/api/news/?unread=true&ordering=-published_at', fields: { title: 'title' }, link: '/comms/news/:id' },
  { key: 'staff', title: { ru: 'Рассылки', en: 'Newsletters' }, roles: ['manager'], source: '/api/newsletters/?status=draft', fields: { title: 'title' }, link: '/comms/:id' },
]);
const catalog = remote('catalog', [
  { key: 'catalog', path: '', roles: ['dealer', 'manager'], preload: { dealer: '/api/dp/?page=1&page_size=20&ordering=name', manager: '/api/products/?page=1&page_size=20&ordering=name' } },
]);

interface Page {
  path: string;
  tokens?: string | null;
  language?: string;
  registry?: RegistryRemote[] | string;
  /** The user's registry, as GET /api/remotes/registry/ answers it. */
  userRegistry?: RegistryRemote[];
  fetch?: false;
}

let asked: Array<{ url: string; headers: Record<string, string> }> = [];

/** Runs the inline script on a page at `path` with what the browser holds; the URLs it asked for. */
async function load(page: Page): Promise<string[]> {
  localStorage.clear();
  if (page.tokens !== undefined && page.tokens !== null) localStorage.setItem('authTokens', page.tokens);
  if (page.language) localStorage.setItem('lang', JSON.stringify(page.language));
  window.history.replaceState(null, '', page.path);
  document.getElementById('portal-registry')?.remove();
  const registry = document.createElement('script');
  registry.type = 'application/json';
  registry.id = 'portal-registry';
  registry.textContent = typeof page.registry === 'string' ? page.registry : JSON.stringify({ remotes: page.registry ?? [comms, catalog] });
  document.head.append(registry);
  asked = [];
  const fetch = jest.fn((url: string, init: { headers: Record<string, string> }) => {
    asked.push({ url, headers: init.headers });
    const body = url === '/api/remotes/registry/' ? { remotes: page.userRegistry ?? [] } : {};
    return Promise.resolve({ ok: true, status: 200, json: async () => body } as Response);
  });
  Object.defineProperty(window, 'fetch', { value: page.fetch === false ? undefined : fetch, configurable: true, writable: true });
  delete window.__portalPreload;
  delete window.portalRegistryAhead;
  new Function(script!)();
  // The user's registry's answer, and what the script asks for from it.
  await (window.portalRegistryAhead as RegistryReadAhead | undefined)?.registry.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return asked.map((a) => a.url);
}

const tokensOf = (claims: Record<string, unknown> = {}) => JSON.stringify({ access: fakeAccessToken({ user_id: 7, role: 'dealer', contract_signed: true, ...claims }), refresh: 'r' });

afterAll(() => {
  Reflect.deleteProperty(window, 'fetch');
  window.history.replaceState(null, '', '/');
});

it('a dealer\'s /comms: the user, the news its entry names and the user\'s registry, with the token and the language; the answers wait for the client', async () => {
  const tokens = tokensOf();
  const access = JSON.parse(tokens).access as string;
  expect(await load({ path: '/comms', tokens, language: 'en' })).toEqual(['/api/users/me/', NEWS, '/api/remotes/registry/']);
  for (const { headers } of asked) expect(headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'en', Authorization: `Bearer ${access}` });
  expect(window.__portalPreload).toEqual({ token: access, at: expect.any(Number), answers: { '/api/users/me/': expect.any(Promise), [NEWS]: expect.any(Promise) } });
  expect(window.portalRegistryAhead?.registry).toBeInstanceOf(Promise);
  // A trailing slash is the same screen; the staff's entry at the same path is theirs.
  expect(await load({ path: '/comms/', tokens: tokensOf({ role: 'manager', is_staff: true }) })).toEqual(['/api/users/me/', '/api/newsletters/?page=1&page_size=20&ordering=-created_at', '/api/remotes/registry/']);
  // One URL per role.
  expect(await load({ path: '/catalog', tokens })).toContain('/api/dp/?page=1&page_size=20&ordering=name');
  expect(await load({ path: '/catalog', tokens: tokensOf({ role: 'manager' }) })).toContain('/api/products/?page=1&page_size=20&ordering=name');
});

it('only URLs the registry names at exactly this address, for this role, and only /api/ paths', async () => {
  const tokens = tokensOf();
  const only = ['/api/users/me/', '/api/remotes/registry/'];
  // An entry without preload, another address, a view the address names (a query), another role's entry.
  expect(await load({ path: '/comms/documents', tokens })).toEqual(only);
  expect(await load({ path: '/comms/news/7', tokens })).toEqual(only);
  expect(await load({ path: `/comms?page=2&preload=${encodeURIComponent('/api/orders/')}`, tokens })).toEqual(only);
  expect(await load({ path: '/catalog', tokens: tokensOf({ role: 'admin' }) })).toEqual(only);
  // Whatever a registry holds that is not an /api/ path of this portal is never asked.
  for (const preload of ['https://evil.example/api/news/', '//evil.example/api/news/', '/\\evil.example/api/', '/remotes/comms/r1/remoteEntry.js', '/api/../remotes/x.js',
    '/api/%2e%2e/login', '/api//evil.example/', '/api/news/#x', '/api/news/?a= b', 'api/news/', 7, ['/api/news/'], null]) {
    const evil = remote('comms', [{ path: '', roles: ['dealer'], preload: preload as string }]);
    expect([preload, await load({ path: '/comms', tokens, registry: [evil] })]).toEqual([preload, only]);
    expect([preload, await load({ path: '/comms', tokens, registry: [], userRegistry: [evil] })]).toEqual([preload, only]);
  }
});

it('the user\'s registry names the role-limited remotes\' entries: their preload is asked once it arrives', async () => {
  const dealers = remote('dealers', [{ path: '', roles: ['manager'], preload: '/api/dealers/?page=1&page_size=20&ordering=name' }]);
  expect(await load({ path: '/dealers', tokens: tokensOf({ role: 'manager' }), registry: [comms], userRegistry: [comms, dealers] }))
    .toEqual(['/api/users/me/', '/api/remotes/registry/', '/api/dealers/?page=1&page_size=20&ordering=name']);
  expect(Object.keys(window.__portalPreload!.answers)).toEqual(['/api/users/me/', '/api/dealers/?page=1&page_size=20&ordering=name']);
  // What the page already asked is not asked again.
  expect(await load({ path: '/comms', tokens: tokensOf(), userRegistry: [comms] })).toEqual(['/api/users/me/', NEWS, '/api/remotes/registry/']);
});

it('the host\'s own screens: the home asks its widgets as the home reads them, an unsigned dealer\'s the agreement', async () => {
  expect(await load({ path: '/', tokens: tokensOf() })).toEqual(['/api/users/me/', `/api/news/?unread=true&ordering=-published_at&page_size=${WIDGET_ITEMS}`, '/api/remotes/registry/']);
  expect(await load({ path: '/', tokens: tokensOf({ role: 'manager' }) })).toContain(`/api/newsletters/?status=draft&page_size=${WIDGET_ITEMS}`);
  const unsigned = tokensOf({ contract_signed: false });
  expect(await load({ path: '/', tokens: unsigned })).toEqual(['/api/users/me/', '/api/contract/', '/api/remotes/registry/']);
  expect(await load({ path: '/catalog', tokens: unsigned })).toEqual(['/api/users/me/', '/api/contract/', '/api/remotes/registry/']);
  // What it may open before the agreement is itself.
  expect(await load({ path: '/comms', tokens: unsigned })).toEqual(['/api/users/me/', NEWS, '/api/remotes/registry/']);
  expect(await load({ path: '/contract', tokens: tokensOf() })).toEqual(['/api/users/me/', '/api/contract/', '/api/remotes/registry/']);
});

it('asks nothing and never throws: signed out, bad JSON or a token that is not one, an expired token, the auth screens, a browser without fetch, no registry', async () => {
  for (const tokens of [null, '{', 'null', '"text"', '{"access":7}', '{"access":"a.b.c"}', JSON.stringify({ access: 'x.!!!.y' }), tokensOf({ exp: Math.floor(Date.now() / 1000) - 60 })]) {
    expect([tokens, await load({ path: '/comms', tokens })]).toEqual([tokens, []]);
    expect(window.__portalPreload).toBeUndefined();
  }
  for (const screen of ['/login', '/register', '/restore/abc', '/404', '/500']) expect(await load({ path: screen, tokens: tokensOf() })).toEqual([]);
  expect(await load({ path: '/comms', tokens: tokensOf(), fetch: false })).toEqual([]);
  // The page's registry placeholder left as it is (no server made the page): the user and the registry only.
  expect(await load({ path: '/comms', tokens: tokensOf(), registry: '__PORTAL_REGISTRY__' })).toEqual(['/api/users/me/', '/api/remotes/registry/']);
  localStorage.setItem('lang', '{');
  expect(() => new Function(script!)()).not.toThrow();
});
