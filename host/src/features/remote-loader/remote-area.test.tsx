import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { RemoteModule } from '@portal/shared';
import { renderAt } from '../../test/render';
import { RemoteArea } from './remote-area';
import { RemotesProvider, useRemotes } from './remotes-context';
import { ContractMismatchError } from './registry';

const entry = { name: 'comms', entry: '/remotes/comms/mf-manifest.json', basePath: '/comms' };
const other = { name: 'orders', entry: '/remotes/orders/mf-manifest.json', basePath: '/orders' };
const moduleOf = (name: string, text: string): RemoteModule => ({
  name, contractVersion: '1.0.0', menu: [], routes: [{ index: true, element: <p>{text}</p> }],
});

function Areas() {
  const { remotes, retry } = useRemotes();
  return (
    <Routes>
      {remotes.map((r) => <Route key={r.name} path={`${r.basePath}/*`} element={<RemoteArea remote={r} onRetry={() => retry(r.name)} />} />)}
    </Routes>
  );
}

it('a remote that cannot be fetched shows its error panel with a retry, and retry loads it', async () => {
  let available = false;
  const load = jest.fn(async (e: typeof entry) => {
    if (!available) throw new Error('Failed to get manifest.');
    return moduleOf(e.name, 'news screen');
  });
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «comms» не загрузился')).toBeInTheDocument();
  available = true;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('news screen')).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith(entry, true);
});

it('one remote failing leaves the others working', async () => {
  const load = async (e: typeof entry) => {
    if (e.name === 'comms') throw new Error('offline');
    return moduleOf(e.name, 'orders screen');
  };
  renderAt('/orders', <RemotesProvider registry={async () => [entry, other]} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('orders screen')).toBeInTheDocument();
});

it('a remote built for another contract major version is refused with a visible message', async () => {
  const load = async () => { throw new ContractMismatchError('2.0.0'); };
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «comms» несовместим с порталом')).toBeInTheDocument();
  expect(screen.getByText(/2\.0\.0/)).toBeInTheDocument();
});

it('a remote screen that throws while rendering ends in that remote\'s error panel', async () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  function Broken(): never { throw new Error('render failed'); }
  const load = async () => ({ ...moduleOf('comms', ''), routes: [{ index: true, element: <Broken /> }] });
  renderAt('/comms', <RemotesProvider registry={async () => [entry]} load={load}><Areas /></RemotesProvider>);
  expect(await screen.findByText('Раздел «comms» не загрузился')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  spy.mockRestore();
});
