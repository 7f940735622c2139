import { CONTRACT_VERSION } from '@portal/shared';
import type { RegistryEntry } from './registry';

// index.html's inline script reads the registry and the manifests before any script of ours runs;
// prefetchRegistry takes those answers once, checks them, and reads again through the client when
// they failed. Each test loads the module anew: a page load prefetches once.
const comms: RegistryEntry = { name: 'comms', entry: '/remotes/comms/mf-manifest.json', basePath: '/comms' };
const manifest = { metaData: { portal: { contractVersion: CONTRACT_VERSION, menu: [{ key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', roles: ['dealer'] }] } } };

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
});

it('takes the registry and the manifests index.html read ahead, without asking the client again', async () => {
  window.portalRegistryAhead = { registry: Promise.resolve({ remotes: [comms] }), manifests: { [comms.entry]: Promise.resolve(manifest) } };
  registry.prefetchRegistry();
  expect(await registry.readRegistry()).toEqual([comms]);
  expect(await registry.readRemoteMeta(comms)).toEqual({ contractVersion: CONTRACT_VERSION, menu: manifest.metaData.portal.menu });
  expect(get).not.toHaveBeenCalled();
  expect(window.portalRegistryAhead).toBeUndefined();
});

it('reads through the client what the early read could not get', async () => {
  window.portalRegistryAhead = { registry: Promise.reject(new Error('/remotes.json: 503')), manifests: {} };
  get.mockImplementation(async (url: string) => ({ data: url === '/remotes.json' ? { remotes: [comms] } : manifest }));
  registry.prefetchRegistry();
  expect(await registry.readRegistry()).toEqual([comms]);
  expect(await registry.readRemoteMeta(comms)).toEqual({ contractVersion: CONTRACT_VERSION, menu: manifest.metaData.portal.menu });
  expect(get.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', comms.entry]);
});

it('checks an early manifest as it checks one read through the client', async () => {
  window.portalRegistryAhead = { registry: Promise.resolve({ remotes: [comms] }), manifests: { [comms.entry]: Promise.resolve({ metaData: {} }) } };
  get.mockResolvedValue({ data: { metaData: {} } });
  registry.prefetchRegistry();
  await registry.readRegistry();
  await expect(registry.readRemoteMeta(comms)).rejects.toThrow('publishes no menu');
});

it('reads no manifest of a remote the registry keeps for other roles, and keeps only known roles', async () => {
  const dealers = { name: 'dealers', entry: '/remotes/dealers/mf-manifest.json', basePath: '/dealers', roles: ['manager', 'admin', 'guest'] };
  get.mockImplementation(async (url: string) => ({ data: url === '/remotes.json' ? { remotes: [comms, dealers] } : manifest }));
  registry.prefetchRegistry({ pathname: '/', role: 'dealer' });
  const entries = await registry.readRegistry();
  expect(entries).toEqual([comms, { ...dealers, roles: ['manager', 'admin'] }]);
  await registry.readRemoteMeta(comms);
  expect(get.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', comms.entry]);
  expect(registry.servesRole(entries[1], 'dealer')).toBe(false);
  expect(registry.servesRole(entries[1], 'manager')).toBe(true);
  expect(registry.servesRole(entries[1], undefined)).toBe(false);
  expect(registry.servesRole(comms, undefined)).toBe(true);
});

it('takes an entry\'s count only as a path of the portal\'s own API: a manifest cannot send the menu\'s requests elsewhere', async () => {
  const menu = (count: string) => ({ metaData: { portal: { contractVersion: CONTRACT_VERSION, menu: [{ key: 'requests', label: { ru: 'Заявки', en: 'Requests' }, path: 'requests', roles: ['manager'], count }] } } });
  get.mockImplementation(async (url: string) => ({ data: url === '/remotes.json' ? { remotes: [comms] } : menu('/api/regreq/?status=new') }));
  registry.prefetchRegistry();
  await registry.readRegistry();
  expect((await registry.readRemoteMeta(comms)).menu[0].count).toBe('/api/regreq/?status=new');

  get.mockImplementation(async (url: string) => ({ data: url === '/remotes.json' ? { remotes: [comms] } : menu('https://elsewhere.test/count') }));
  await expect(registry.readRemoteMeta(comms)).rejects.toThrow('publishes no menu');
});
