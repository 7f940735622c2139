import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { CONTRACT_VERSION, type MenuEntry, type RemoteModule } from '@portal/shared';
import { renderAt } from '../../test/render';
import { RemoteArea } from './remote-area';
import { RemotesProvider, useRemotes } from './remotes-context';
import { ContractMismatchError } from './registry';

const entry = { name: 'comms', entry: '/remotes/comms/mf-manifest.json', basePath: '/comms' };
const other = { name: 'orders', entry: '/remotes/orders/mf-manifest.json', basePath: '/orders' };
const newsEntry: MenuEntry = { key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', roles: ['dealer'] };
// Versions relative to ours, so the tests hold across contract bumps.
const major = Number(CONTRACT_VERSION.split('.')[0]);
const otherMajor = `${major + 1}.0.0`;
const meta = (contractVersion = CONTRACT_VERSION) => async () => ({ contractVersion, menu: [newsEntry] });
const moduleOf = (name: string, text: string): RemoteModule => ({
  name, contractVersion: CONTRACT_VERSION, routes: [{ index: true, element: <p>{text}</p> }],
});

function Areas() {
  const { remotes, open, retry } = useRemotes();
  return (
    <Routes>
      {remotes.map((r) => <Route key={r.name} path={`${r.basePath}/*`} element={<RemoteArea remote={r} title="Новости" onOpen={() => open(r.name)} onRetry={() => retry(r.name)} />} />)}
    </Routes>
  );
}

it('a remote that cannot be fetched shows its error panel with a retry, and retry loads it', async () => {
  let available = false;
  const load = jest.fn(async (e: typeof entry) => {
    if (!available) throw new Error('Failed to get remoteEntry.');
    return moduleOf(e.name, 'news screen');
  });
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} readMenu={meta()} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  available = true;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('news screen')).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith(entry, true);
});

it('a manifest that cannot be read shows the error panel, and retry reads it again before loading the code', async () => {
  let available = false;
  const readMenu = jest.fn(async () => {
    if (!available) throw new Error('Request failed with status code 404');
    return { contractVersion: CONTRACT_VERSION, menu: [newsEntry] };
  });
  const load = jest.fn(async () => moduleOf('comms', 'news screen'));
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} readMenu={readMenu} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
  available = true;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('news screen')).toBeInTheDocument();
  expect(readMenu).toHaveBeenLastCalledWith(entry, true);
});

it('a remote\'s code is fetched only when its area opens', async () => {
  const load = jest.fn(async (e: typeof entry) => moduleOf(e.name, `${e.name} screen`));
  renderAt('/orders', <RemotesProvider registry={async () => [entry, other]} readMenu={meta()} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('orders screen')).toBeInTheDocument();
  expect(load.mock.calls.map(([e]) => e.name)).toEqual(['orders']);
});

it('one remote failing leaves the others working', async () => {
  const load = async (e: typeof entry) => {
    if (e.name === 'comms') throw new Error('offline');
    return moduleOf(e.name, 'orders screen');
  };
  renderAt('/orders', <RemotesProvider registry={async () => [entry, other]} readMenu={meta()} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('orders screen')).toBeInTheDocument();
});

it('a remote whose manifest names another contract major is refused without fetching its code', async () => {
  const load = jest.fn(async () => moduleOf('comms', 'news screen'));
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} readMenu={meta(otherMajor)} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» несовместим с порталом')).toBeInTheDocument();
  expect(screen.getByText(otherMajor, { exact: false })).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

it('a remote whose module names another contract major is refused with a visible message', async () => {
  const load = async () => { throw new ContractMismatchError(otherMajor); };
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} readMenu={meta()} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» несовместим с порталом')).toBeInTheDocument();
  expect(screen.getByText(otherMajor, { exact: false })).toBeInTheDocument();
});

it('a remote screen that throws while rendering ends in that remote\'s error panel', async () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  function Broken(): never { throw new Error('render failed'); }
  const load = async () => ({ ...moduleOf('comms', ''), routes: [{ index: true, element: <Broken /> }] });
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} readMenu={meta()} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «Новости» не загрузился')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  spy.mockRestore();
});
