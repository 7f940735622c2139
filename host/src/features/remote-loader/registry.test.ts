import { CONTRACT_VERSION, type RegistryRemote } from '@portal/shared';

// The page carries the remotes every role sees (#portal-registry); index.html's inline script asks
// for the user's registry before any script of ours runs; prefetchRegistry takes that answer once,
// checks it, and asks again through the client when it failed. Each test loads the module anew: a
// page load prefetches once.
const news = { key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', roles: ['dealer' as const] };
const release = (name: string, roles: RegistryRemote['roles'], menu: RegistryRemote['menu'] = [news]): RegistryRemote => ({
  name, basePath: `/${name}`, roles, release: 'mi3k2x1a7f3c', entry: `/remotes/${name}/mi3k2x1a7f3c/mf-manifest.json`,
  remoteEntry: `/remotes/${name}/mi3k2x1a7f3c/remoteEntry.js`, contractVersion: CONTRACT_VERSION, menu,
});
const comms = release('comms', ['dealer', 'manager', 'admin']);
const dealers = release('dealers', ['manager', 'admin'], [{ ...news, key: 'dealers', roles: ['manager', 'admin'] }]);

let get: jest.SpyInstance;
let registry: typeof import('./registry');
beforeEach(() => {
  jest.isolateModules(() => {
    registry = jest.requireActual<typeof import('./registry')>('./registry');
    get = jest.spyOn(jest.requireActual<typeof import('@portal/shared')>('@portal/shared').apiClient, 'get');
  });
});
afterEach(() => {
  get.mockRestore();
  delete window.portalRegistryAhead;
  document.getElementById('portal-registry')?.remove();
});

function servePage(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-registry';
  script.textContent = text;
  document.head.append(script);
}

it('reads the remotes the page carries, with their menus, and nothing from the network', () => {
  servePage(JSON.stringify({ remotes: [comms] }));
  expect(registry.pageRegistry()).toEqual([comms]);
  expect(get).not.toHaveBeenCalled();
});

it('a page without its registry (a development server) or with a broken one carries no remote', () => {
  servePage('__PORTAL_REGISTRY__');
  expect(registry.pageRegistry()).toEqual([]);
  document.getElementById('portal-registry')?.remove();
  expect(registry.pageRegistry()).toEqual([]);
});

it('takes the user\'s registry index.html asked for ahead, without asking the client again', async () => {
  window.portalRegistryAhead = { registry: Promise.resolve({ remotes: [comms, dealers] }) };
  registry.prefetchRegistry({ pathname: '/', role: 'dealer' });
  expect(await registry.readRegistry()).toEqual([comms, dealers]);
  expect(get).not.toHaveBeenCalled();
  expect(window.portalRegistryAhead).toBeUndefined();
});

it('asks the API through the client when the read ahead failed (an expired token)', async () => {
  window.portalRegistryAhead = { registry: Promise.reject(new Error('registry: 401')) };
  get.mockImplementation(async () => ({ data: { remotes: [comms] } }));
  registry.prefetchRegistry({ pathname: '/', role: 'dealer' });
  expect(await registry.readRegistry()).toEqual([comms]);
  expect(get.mock.calls.map(([url]) => url)).toEqual(['/api/remotes/registry/']);
});

it('never reads remotes.json or a manifest for the menu', async () => {
  get.mockImplementation(async () => ({ data: { remotes: [comms, dealers] } }));
  registry.prefetchRegistry({ pathname: '/', role: 'manager' });
  await registry.readRegistry();
  expect(get.mock.calls.map(([url]) => url)).toEqual(['/api/remotes/registry/']);
});

it('keeps only known roles and well-formed entries, and a role sees only the remotes for it', async () => {
  const data = { remotes: [{ ...dealers, roles: ['manager', 'admin', 'guest'] }, { name: 'broken' }, comms] };
  const entries = registry.registryFrom(data);
  expect(entries).toEqual([dealers, comms]);
  expect(registry.servesRole(dealers, 'dealer')).toBe(false);
  expect(registry.servesRole(dealers, 'manager')).toBe(true);
  expect(registry.servesRole(dealers, undefined)).toBe(false);
  expect(registry.servesRole(comms, undefined)).toBe(true);
});

it('takes an entry\'s count only as a path of the portal\'s own API: data cannot send the menu\'s requests elsewhere', () => {
  const withCount = (count: string) => ({ remotes: [{ ...dealers, menu: [{ ...news, key: 'requests', roles: ['manager'], count }] }] });
  expect(registry.registryFrom(withCount('/api/regreq/?status=new'))[0].menu[0].count).toBe('/api/regreq/?status=new');
  expect(registry.registryFrom(withCount('https://elsewhere.test/count'))[0].menu).toEqual([]);
});

it('an overridden remote\'s menu, contract and entry come from the manifest it names', async () => {
  const manifest = { metaData: { portal: { contractVersion: CONTRACT_VERSION, menu: [news] }, remoteEntry: { name: 'remoteEntry.js', path: '' } } };
  get.mockImplementation(async () => ({ data: manifest }));
  const read = await registry.readOverride({ ...comms, entry: 'http://localhost:3001/mf-manifest.json', remoteEntry: '', override: true });
  expect(read).toMatchObject({ remoteEntry: 'http://localhost:3001/remoteEntry.js', menu: [news], contractVersion: CONTRACT_VERSION });
  get.mockImplementation(async () => ({ data: { metaData: {} } }));
  await expect(registry.readOverride({ ...comms, entry: 'http://localhost:3001/mf-manifest.json' })).rejects.toThrow('publishes no menu');
});
