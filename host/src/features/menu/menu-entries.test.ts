import type { CurrentUser, MenuEntry } from '@portal/shared';
import type { RemoteSlot } from '../remote-loader/remotes-context';
import { entriesFor, entryAt, labelOf, opensBeforeContract } from './menu-entries';

const entry = (key: string, path: string, roles: MenuEntry['roles'], beforeContract?: boolean): MenuEntry =>
  ({ key, label: { ru: `${key} ru`, en: `${key} en` }, path, roles, ...(beforeContract ? { beforeContract } : {}) });

const slot = (name: string, menu: RemoteSlot['menu']): RemoteSlot =>
  ({
    name, basePath: `/${name}`, roles: ['dealer', 'manager', 'admin'], release: 'r1', entry: `/remotes/${name}/r1/mf-manifest.json`,
    remoteEntry: `/remotes/${name}/r1/remoteEntry.js`, contractVersion: '2.2.0', menu, status: { state: 'idle' },
  });

const remotes = [
  slot('comms', { state: 'ready', entries: [entry('news', '', ['dealer'], true), entry('newsletters', '', ['manager', 'admin']), entry('documents', 'documents', ['dealer', 'manager', 'admin'])] }),
  slot('dealers', { state: 'ready', entries: [entry('dealers', '', ['manager', 'admin'])] }),
  slot('orders', { state: 'failed', message: 'offline' }),
];
const user = (role: CurrentUser['role']) => ({ role } as CurrentUser);

it('a user sees the entries of their role, placed under each remote\'s base path', () => {
  expect(entriesFor(remotes, user('dealer')).map((m) => m.to)).toEqual(['/comms', '/comms/documents']);
  expect(entriesFor(remotes, user('manager')).map((m) => [m.key, m.to, m.remote])).toEqual([
    ['newsletters', '/comms', 'comms'], ['documents', '/comms/documents', 'comms'], ['dealers', '/dealers', 'dealers'],
  ]);
  expect(entriesFor(remotes, null)).toEqual([]);
});

it('what opens before the agreement comes from the data: the longest entry a path lies under decides', () => {
  const entries = entriesFor(remotes, user('dealer'));
  expect(opensBeforeContract(entries, '/comms')).toBe(true);
  expect(opensBeforeContract(entries, '/comms/news/5')).toBe(true);
  expect(opensBeforeContract(entries, '/comms/documents')).toBe(false);
  expect(opensBeforeContract(entries, '/commsx')).toBe(false);
  expect(opensBeforeContract(entries, '/dealers')).toBe(false);
  expect(entryAt(entries, '/comms/documents/7')?.key).toBe('documents');
});

it('labels follow the UI language', () => {
  expect(labelOf(entry('news', '', ['dealer']), 'en')).toBe('news en');
  expect(labelOf(entry('news', '', ['dealer']), 'ru')).toBe('news ru');
});
