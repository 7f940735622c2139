import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { createSlice } from '@reduxjs/toolkit';
import { CONTRACT_VERSION, useAppDispatch, useAppSelector, type MenuEntry, type RegistryRemote, type RemoteModule } from '@portal/shared';
import { renderAt } from '../../test/render';
import { RemoteArea } from './remote-area';
import { RemotesProvider, useRemotes } from './remotes-context';
import { ContractMismatchError } from './registry';

const newsEntry: MenuEntry = { key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', roles: ['dealer'] };
// Versions relative to ours, so the tests hold across contract bumps.
const major = Number(CONTRACT_VERSION.split('.')[0]);
const otherMajor = `${major + 1}.0.0`;
const release = (name: string, id = 'r1', contractVersion = CONTRACT_VERSION): RegistryRemote => ({
  name, basePath: `/${name}`, roles: ['dealer', 'manager', 'admin'], release: id, entry: `/remotes/${name}/${id}/mf-manifest.json`,
  remoteEntry: `/remotes/${name}/${id}/remoteEntry.js`, contractVersion, menu: [newsEntry],
});
const entry = release('comms');
const other = release('orders');
const moduleOf = (name: string, text: string): RemoteModule => ({
  name, contractVersion: CONTRACT_VERSION, routes: [{ index: true, element: <p>{text}</p> }],
});
/** The registry as the page carries it and as the API answers it, unchanged since the page load. */
const fixed = (...remotes: RegistryRemote[]) => ({ page: () => remotes, registry: async () => remotes, reread: async () => remotes });

function Areas() {
  const { remotes, open, retry } = useRemotes();
  return (
    <Routes>
      {remotes.map((r) => <Route key={r.name} path={`${r.basePath}/*`} element={<RemoteArea remote={r} title="Новости" onOpen={() => open(r.name)} onRetry={() => retry(r.name)} />} />)}
    </Routes>
  );
}

it('a remote that cannot be fetched is tried once more after reading the registry again, then shows its error panel; retry loads it', async () => {
  let available = false;
  const reread = jest.fn(async () => [entry]);
  const load = jest.fn(async (e: { name: string }, _retry: boolean) => {
    if (!available) throw new Error('Failed to get remoteEntry.');
    return moduleOf(e.name, 'news screen');
  });
  renderAt('/comms', <RemotesProvider {...fixed(entry)} reread={reread} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(load.mock.calls.map(([, retry]) => retry)).toEqual([false, true]);
  expect(reread).toHaveBeenCalledTimes(1);
  available = true;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('news screen')).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'comms', remoteEntry: entry.remoteEntry }), true);
  expect(reread).toHaveBeenCalledTimes(2);
});

it('a release whose files are gone: the registry read again names the live one, and that one loads with no error shown', async () => {
  const gone = release('comms', 'old');
  const live = release('comms', 'new');
  const load = jest.fn(async (e: { name: string; remoteEntry: string }) => {
    if (e.remoteEntry === gone.remoteEntry) throw new Error('Failed to get remoteEntry.');
    return moduleOf(e.name, 'news of the new release');
  });
  renderAt('/comms', <RemotesProvider page={() => [gone]} registry={async () => [gone]} reread={async () => [live]} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('news of the new release')).toBeInTheDocument();
  expect(load.mock.calls.map(([e]) => e.remoteEntry)).toEqual([gone.remoteEntry, live.remoteEntry]);
  expect(screen.queryByText('Раздел «Новости» не загрузился')).not.toBeInTheDocument();
});

it('a screen whose chunk fails to load is retried once by itself with the code loaded anew, then the error panel shows', async () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  let chunkThere = false;
  const chunkError = () => Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
  const screenModule = () => ({
    ...moduleOf('comms', ''),
    routes: [{ index: true, Component: lazy(async () => { if (!chunkThere) throw chunkError(); return { default: () => <p>news screen</p> }; }) }],
  });
  const load = jest.fn(async (_e: unknown, _retry: boolean) => screenModule());
  renderAt('/comms', <RemotesProvider {...fixed(entry)} load={load}><Areas /></RemotesProvider>);
  // Failed, retried by itself (the code anew), failed again: now the panel.
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(load.mock.calls.map(([, retry]) => retry)).toEqual([false, true]);
  chunkThere = true;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('news screen')).toBeInTheDocument();
  spy.mockRestore();
});

it('an overridden remote\'s menu is read from the manifest it names before its code loads', async () => {
  const overridden = { ...entry, entry: 'http://localhost:3001/mf-manifest.json', remoteEntry: '', override: true };
  const readManifest = jest.fn(async () => ({ contractVersion: CONTRACT_VERSION, menu: [newsEntry], remoteEntry: 'http://localhost:3001/remoteEntry.js' }));
  const load = jest.fn(async (e: { name: string }) => moduleOf(e.name, 'news from the override'));
  renderAt('/comms', <RemotesProvider page={() => [entry]} registry={async () => [overridden]} reread={async () => [overridden]} readManifest={readManifest} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('news from the override')).toBeInTheDocument();
  await waitFor(() => expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ remoteEntry: 'http://localhost:3001/remoteEntry.js' }), expect.any(Boolean)));
});

it('a remote\'s code is fetched only when its area opens', async () => {
  const load = jest.fn(async (e: { name: string }) => moduleOf(e.name, `${e.name} screen`));
  renderAt('/orders', <RemotesProvider {...fixed(entry, other)} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('orders screen')).toBeInTheDocument();
  expect(load.mock.calls.map(([e]) => e.name)).toEqual(['orders']);
});

/** A screen that works: a button that counts through the store (its remote's slice), the count shown. */
const counter = createSlice({ name: 'ordersCounter', initialState: { added: 0 }, reducers: { add: (s) => { s.added += 1; } } });
type WithCounter = { ordersCounter?: { added: number } };
function CartScreen() {
  const added = useAppSelector((s) => (s as WithCounter).ordersCounter?.added ?? 0);
  const dispatch = useAppDispatch();
  return (
    <div>
      <p>orders screen</p>
      <button type="button" onClick={() => dispatch(counter.actions.add())}>В корзину</button>
      <p>{`В корзине: ${added}`}</p>
    </div>
  );
}
const ordersModule = (): RemoteModule => ({ ...moduleOf('orders', ''), routes: [{ index: true, element: <CartScreen /> }], slices: [counter] });
const titleOf = (name: string) => (name === 'orders' ? 'Заказы' : 'Новости');

it('one remote failing leaves the others working: its code does not load and its panel shows, the other loads and works', async () => {
  const user = userEvent.setup();
  const load = jest.fn(async (e: { name: string }, _retry: boolean) => {
    if (e.name === 'comms') throw new Error('Failed to get remoteEntry.');
    return ordersModule();
  });
  function Sections() {
    const { remotes, open, retry } = useRemotes();
    return (
      <>
        <nav><Link to="/comms">Новости</Link> <Link to="/orders">Заказы</Link></nav>
        <Routes>
          {remotes.map((r) => <Route key={r.name} path={`${r.basePath}/*`} element={<RemoteArea remote={r} title={titleOf(r.name)} onOpen={() => open(r.name)} onRetry={() => retry(r.name)} />} />)}
        </Routes>
      </>
    );
  }
  const { store } = renderAt('/comms', <RemotesProvider {...fixed(entry, other)} load={load}><Sections /></RemotesProvider>);
  // The failing remote's load really ran (and once more after the registry), then its panel.
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(load.mock.calls.map(([e, retry]) => [e.name, retry])).toEqual([['comms', false], ['comms', true]]);

  // The other section opens from the menu, loads, and works: its slice is in the store, its button counts.
  await user.click(screen.getByRole('link', { name: 'Заказы' }));
  expect(await screen.findByText('orders screen')).toBeInTheDocument();
  expect(screen.queryByText('Раздел «Заказы» не загрузился')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  expect(screen.getByText('В корзине: 2')).toBeInTheDocument();
  expect((store.getState() as WithCounter).ordersCounter).toEqual({ added: 2 });
  expect(load.mock.calls.map(([e]) => e.name)).toEqual(['comms', 'comms', 'orders']);

  // Back to the failed section: still its own panel with a retry; the other keeps its state.
  await user.click(screen.getByRole('link', { name: 'Новости' }));
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Заказы' }));
  expect(await screen.findByText('В корзине: 2')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(3);
});

it('one remote\'s screen failing on the same page leaves the other section beside it drawn and working', async () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  const user = userEvent.setup();
  const chunkError = () => Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
  const load = jest.fn(async (e: { name: string }, _retry: boolean) => (e.name === 'comms'
    // The module comes, its screen's chunk does not (every time, the retry by itself too).
    ? { ...moduleOf('comms', ''), routes: [{ index: true, Component: lazy(async () => { throw chunkError(); }) }] }
    : ordersModule()));
  function BothSections() {
    const { remotes, open, retry } = useRemotes();
    return <>{remotes.map((r) => <section key={r.name} aria-label={titleOf(r.name)}><RemoteArea remote={r} title={titleOf(r.name)} onOpen={() => open(r.name)} onRetry={() => retry(r.name)} /></section>)}</>;
  }
  const { store } = renderAt('/', <RemotesProvider {...fixed(entry, other)} load={load}><BothSections /></RemotesProvider>);
  const news = screen.getByRole('region', { name: 'Новости' });
  const orders = screen.getByRole('region', { name: 'Заказы' });
  expect(await within(news).findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(load.mock.calls.filter(([e]) => e.name === 'comms').map(([, retry]) => retry)).toEqual([false, true]);
  expect(within(orders).getByText('orders screen')).toBeInTheDocument();
  expect(within(orders).queryByText('Раздел «Заказы» не загрузился')).not.toBeInTheDocument();
  await user.click(within(orders).getByRole('button', { name: 'В корзину' }));
  expect(within(orders).getByText('В корзине: 1')).toBeInTheDocument();
  expect((store.getState() as WithCounter).ordersCounter).toEqual({ added: 1 });
  expect(load.mock.calls.filter(([e]) => e.name === 'orders')).toHaveLength(1);
  spy.mockRestore();
});

it('a remote whose registry entry names another contract major is refused without fetching its code', async () => {
  const load = jest.fn(async () => moduleOf('comms', 'news screen'));
  renderAt('/comms', <RemotesProvider {...fixed(release('comms', 'r1', otherMajor))} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» несовместим с порталом')).toBeInTheDocument();
  expect(screen.getByText(otherMajor, { exact: false })).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

it('a remote whose module names another contract major is refused with a visible message', async () => {
  const load = async () => { throw new ContractMismatchError(otherMajor); };
  renderAt('/comms', <RemotesProvider {...fixed(entry)} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» несовместим с порталом')).toBeInTheDocument();
  expect(screen.getByText(otherMajor, { exact: false })).toBeInTheDocument();
});

it('a remote screen that throws while rendering ends in that remote\'s error panel', async () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  function Broken(): never { throw new Error('render failed'); }
  const load = async () => ({ ...moduleOf('comms', ''), routes: [{ index: true, element: <Broken /> }] });
  renderAt('/comms', <RemotesProvider {...fixed(entry)} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  spy.mockRestore();
});
