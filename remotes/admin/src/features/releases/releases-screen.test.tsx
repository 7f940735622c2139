import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { apiClient } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, windowOf } from '@portal/shared/ui/testing';
import type { DeployKey, Release, RemoteState } from './api';
import ReleasesScreen from './releases-screen';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };

function release(id: string, more: Partial<Release> = {}): Release {
  return {
    id, remote: 'comms', contract_version: '2.2.0', version: null, git_sha: null,
    created_at: '2026-11-01T09:00:00Z', created_by: 'Анна Администратор', activated_at: null, activated_by: null,
    files_kept: true, live: false, ...more,
  };
}

const r3 = release('r3', { version: '1.4.0', git_sha: '3f9c2e1d0b7a', created_at: '2026-11-20T10:00:00Z', created_by: 'ключ «CI новостей»', activated_at: '2026-11-20T10:05:00Z', activated_by: 'Анна Администратор', live: true });
const r2 = release('r2', { version: '1.3.0', git_sha: '77aa00bb11cc', created_at: '2026-11-10T10:00:00Z', activated_at: '2026-11-10T10:01:00Z', activated_by: 'Анна Администратор' });
const r1 = release('r1', { version: '1.2.0', files_kept: false });

/** Who made r2, then r3, live: an activation each, newest first, as the API lists them. */
const ACTIVATIONS: RemoteState['activations'] = [
  { release: 'r3', previous_release: 'r2', activated_at: '2026-11-20T10:05:00Z', activated_by: 'Анна Администратор' },
  { release: 'r2', previous_release: null, activated_at: '2026-11-10T10:01:00Z', activated_by: 'ключ «CI новостей»' },
];

function state(live: Release | null, releases: Release[], rollbackTo: string | null = null): RemoteState {
  return {
    name: 'comms', base_path: '/comms', rollback_to: rollbackTo, releases: releases.map((r) => ({ ...r, live: r.id === live?.id })), activations: live ? ACTIVATIONS : [],
    live: live && {
      id: live.id, entry: `/remotes/comms/${live.id}/mf-manifest.json`, contract_version: live.contract_version, version: live.version,
      git_sha: live.git_sha, created_at: live.created_at, created_by: live.created_by, activated_at: live.activated_at, activated_by: live.activated_by,
    },
  };
}

const comms = state(r3, [r3, r2, r1], 'r2');
const orders: RemoteState = { name: 'orders', base_path: '/orders', live: null, rollback_to: null, releases: [], activations: [] };
const keys: DeployKey[] = [
  { id: 1, name: 'CI новостей', created_at: '2026-11-02T08:00:00Z', created_by: 'Анна Администратор', revoked_at: null, last_used_at: '2026-11-20T10:00:00Z' },
  { id: 2, name: 'старый ноутбук', created_at: '2026-10-01T08:00:00Z', created_by: 'Анна Администратор', revoked_at: '2026-10-15T08:00:00Z', last_used_at: null },
];

interface Sent extends SentRequest { ifMatch: string | null }

/**
 * The API: the list from `remotes` (read anew on each call), the keys, and `change` for POST and
 * DELETE. `sent()` gives what was sent so far with each request's If-Match, which the shared stub
 * does not record: the adapter it installs is wrapped to read it.
 */
function serve(options: { remotes?: () => RemoteState[]; change?: (request: SentRequest) => Answer | Promise<Answer> } = {}) {
  const ifMatch: (string | null)[] = [];
  const requests = answerWith((request) => {
    if (request.method === 'GET' && request.url === '/api/remotes/') return { data: (options.remotes ?? (() => [comms, orders]))() };
    if (request.method === 'GET' && request.url === '/api/remotes/comms/keys/') return { data: keys };
    if (request.method === 'GET' && request.url.endsWith('/keys/')) return { data: [] };
    return options.change?.(request) ?? { data: {} };
  });
  const inner = apiClient.defaults.adapter as AxiosAdapter;
  apiClient.defaults.adapter = (config) => {
    ifMatch.push((AxiosHeaders.from(config.headers).get('If-Match') as string | undefined) ?? null);
    return inner(config);
  };
  const sent = (): Sent[] => requests.map((request, i) => ({ ...request, ifMatch: ifMatch[i] ?? null }));
  return {
    sent,
    changes: () => sent().filter((request) => request.method !== 'GET'),
    listReads: () => sent().filter((request) => request.url === '/api/remotes/').length,
  };
}

const render = () => renderScreen(<ReleasesScreen />, { at: '/admin/releases', base: '/admin', path: '/admin/releases' });
const card = (name: string) => screen.getByRole('region', { name: `Раздел «${name}»` });
const liveOf = (name: string) => within(card(name)).getByRole('group', { name: 'Текущий релиз' });
const historyOf = (name: string) => within(card(name)).getByRole('group', { name: 'История релизов' });
const keysOf = (name: string) => within(card(name)).getByRole('group', { name: 'Ключи деплоя' });
const rowOf = (id: string) => within(historyOf('comms')).getByText(id, { selector: 'td code' }).closest('tr') as HTMLElement;
const dialog = () => screen.getByRole('dialog');

jest.setTimeout(120_000);
afterEach(() => { localStorage.clear(); });

it('shows each remote with its live release, its history newest first and its deploy keys', async () => {
  signIn(ADMIN);
  serve();
  render();
  expect(await screen.findByRole('heading', { level: 1, name: 'Релизы разделов' })).toBeInTheDocument();
  const live = await waitFor(() => liveOf('comms'));
  expect(within(live).getByText('r3')).toBeInTheDocument();
  expect(within(live).getByText('1.4.0')).toBeInTheDocument();
  expect(within(live).getByText('2.2.0')).toBeInTheDocument();
  expect(within(live).getByText('3f9c2e1')).toHaveAttribute('title', '3f9c2e1d0b7a');
  // Deployed and made live the same day, each with the time (in the test's time zone).
  expect(within(live).getAllByText(/^20 ноября 2026 г\. в \d\d:\d\d$/)).toHaveLength(2);
  expect(within(live).getByText('кто: ключ «CI новостей»')).toBeInTheDocument();
  expect(within(live).getByText('кто: Анна Администратор')).toBeInTheDocument();

  // The history scrolls inside its card on a narrow screen, by keyboard too.
  const history = historyOf('comms');
  expect(history).toHaveAttribute('tabindex', '0');
  const rows = within(within(history).getByRole('table')).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['r3', 'r2', 'r1']);
  expect(within(rows[0]).getByText('текущий')).toBeInTheDocument();
  expect(within(rows[0]).queryByRole('button')).toBeNull();
  expect(within(rows[1]).getByRole('button', { name: 'Сделать текущим релиз r2' })).toBeInTheDocument();
  expect(within(rows[2]).getByText('файлы удалены')).toBeInTheDocument();
  expect(within(rows[2]).queryByRole('button')).toBeNull();
  expect(within(history).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
    ['Релиз', 'Состояние', 'Версия', 'Контракт', 'Коммит', 'Загружен', 'Сделан текущим', 'Действия'],
  );

  // Who made what live and when, newest first: each activation, the first one too.
  const made = within(card('comms')).getByRole('list', { name: 'Кто и когда делал текущим' });
  expect(within(made).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    expect.stringMatching(/^20 ноября 2026 г\. в \d\d:\d\dАнна Администратор: r3 вместо r2$/),
    expect.stringMatching(/^10 ноября 2026 г\. в \d\d:\d\dключ «CI новостей»: r2, первый текущий$/),
  ]);
  expect(within(card('orders')).getByText('Текущим ещё ничего не делали.')).toBeInTheDocument();

  const keysSection = await waitFor(() => keysOf('comms'));
  const active = within(keysSection).getByText('CI новостей').closest('tr') as HTMLElement;
  expect(within(active).getByText('действует')).toBeInTheDocument();
  expect(within(active).getByRole('button', { name: 'Отозвать ключ «CI новостей»' })).toBeInTheDocument();
  const revoked = within(keysSection).getByText('старый ноутбук').closest('tr') as HTMLElement;
  expect(within(revoked).getByText('отозван')).toBeInTheDocument();
  expect(within(revoked).getByText('не использовался')).toBeInTheDocument();
  expect(within(revoked).queryByRole('button')).toBeNull();

  // A remote with nothing deployed yet says so, and has nothing to roll back.
  expect(within(card('orders')).getByText('У раздела нет текущего релиза.')).toBeInTheDocument();
  expect(within(card('orders')).getByText('Релизов ещё нет')).toBeInTheDocument();
  expect(within(card('orders')).queryByRole('button', { name: 'Откатить' })).toBeNull();
  expect(await within(card('orders')).findByText('Ключей пока нет.')).toBeInTheDocument();
});

it('on a phone the history and the keys keep their key columns, wrapping inside the screen', async () => {
  windowOf(390);
  signIn(ADMIN);
  serve();
  render();
  const history = await waitFor(() => historyOf('comms'));
  expect(within(history).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Релиз', 'Состояние', 'Действия']);
  expect(within(rowOf('r2')).getByRole('button', { name: 'Сделать текущим релиз r2' })).toBeInTheDocument();
  const keysSection = await waitFor(() => keysOf('comms'));
  await within(keysSection).findByText('CI новостей');
  expect(within(keysSection).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Название', 'Состояние', 'Действия']);
  expect(within(keysSection).getByRole('button', { name: 'Отозвать ключ «CI новостей»' })).toBeInTheDocument();
});

it('a remote whose first release is live has nothing to roll back to: no «Откатить»', async () => {
  signIn(ADMIN);
  serve({ remotes: () => [state(r3, [r3], null)] });
  render();
  const live = await waitFor(() => liveOf('comms'));
  expect(within(live).getByText('r3')).toBeInTheDocument();
  expect(within(live).queryByRole('button', { name: 'Откатить' })).toBeNull();
});

it('«Откатить» asks first, waits for the server and then shows the live release it answered', async () => {
  signIn(ADMIN);
  let answer: (value: Answer) => void = () => {};
  const api = serve({ change: () => new Promise<Answer>((resolve) => { answer = resolve; }) });
  const user = userEvent.setup({ delay: null });
  render();
  await user.click(await within(await waitFor(() => liveOf('comms'))).findByRole('button', { name: 'Откатить' }));
  // The confirm's dialog comes in a chunk of its own, loaded with the first confirm.
  expect(within(await screen.findByRole('dialog')).getByText('Вернуть предыдущий релиз раздела «comms»?')).toBeInTheDocument();
  expect(api.changes()).toEqual([]);
  await user.click(within(dialog()).getByRole('button', { name: 'Откатить' }));
  await waitFor(() => expect(api.changes()).toEqual([expect.objectContaining({ method: 'POST', url: '/api/remotes/comms/rollback/', ifMatch: 'r3' })]));
  // Nothing changes on screen before the server agrees.
  expect(within(liveOf('comms')).getByText('r3')).toBeInTheDocument();

  answer({ data: state(r2, [r3, r2, r1]) });
  // Said as every action's answer is (the host's one live region), not in a notice of the card's own.
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Раздел «comms» откачен. Текущий релиз: r2.'));
  expect(within(card('comms')).queryByRole('status')).toBeNull();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(within(liveOf('comms')).getByText('r2')).toBeInTheDocument();
  expect(within(liveOf('comms')).getByText('1.3.0')).toBeInTheDocument();
  expect(within(rowOf('r2')).getByText('текущий')).toBeInTheDocument();
  expect(within(rowOf('r3')).getByRole('button', { name: 'Сделать текущим релиз r3' })).toBeInTheDocument();
  expect(api.listReads()).toBe(1);
});

it('a rollback the server refuses (409) shows its message in the dialog and changes nothing', async () => {
  signIn(ADMIN);
  const api = serve({ change: () => ({ status: 409, data: { message: 'Откатывать некуда: файлы предыдущего релиза удалены.', code: 'conflict' } }) });
  const user = userEvent.setup({ delay: null });
  render();
  await user.click(await within(await waitFor(() => liveOf('comms'))).findByRole('button', { name: 'Откатить' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Откатить' }));
  expect(await within(dialog()).findByText('Откатывать некуда: файлы предыдущего релиза удалены.')).toBeInTheDocument();
  expect(within(liveOf('comms')).getByText('r3')).toBeInTheDocument();
  expect(within(rowOf('r3')).getByText('текущий')).toBeInTheDocument();
  expect(screen.getByTestId('answer')).toHaveTextContent('');
  expect(api.changes()).toHaveLength(1);
  expect(api.listReads()).toBe(1);
});

it('«Сделать текущим» sends the release with If-Match on the live one and shows the new state', async () => {
  signIn(ADMIN);
  const api = serve({ change: () => ({ data: state(r2, [r3, r2, r1]) }) });
  const user = userEvent.setup({ delay: null });
  render();
  await user.click(await screen.findByRole('button', { name: 'Сделать текущим релиз r2' }));
  expect(within(dialog()).getByText('Сделать релиз r2 текущим?')).toBeInTheDocument();
  expect(within(dialog()).getByText(/перейдёт с релиза r3 на r2/)).toBeInTheDocument();
  await user.click(within(dialog()).getByRole('button', { name: 'Сделать текущим' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Раздел «comms»: текущий релиз теперь r2.'));
  expect(screen.getByTestId('answer')).toHaveAttribute('data-tone', 'success');
  expect(api.changes()).toEqual([expect.objectContaining({ method: 'POST', url: '/api/remotes/comms/live/', ifMatch: 'r3' })]);
  expect(JSON.parse(String(api.changes()[0].data))).toEqual({ release: 'r2' });
  expect(within(liveOf('comms')).getByText('r2')).toBeInTheDocument();
  // The focus moves to what changed, the live release: the button pressed is gone with its row's change.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(liveOf('comms')).toHaveFocus());
});

it('when another deploy came first (412) the screen says so and reads the state again', async () => {
  signIn(ADMIN);
  const r4 = release('r4', { version: '1.5.0', created_at: '2026-11-21T10:00:00Z', activated_at: '2026-11-21T10:00:30Z', activated_by: 'ключ «CI новостей»' });
  let remotes = [comms, orders];
  const api = serve({
    remotes: () => remotes,
    change: () => {
      remotes = [state(r4, [r4, r3, r2, r1]), orders];
      return { status: 412, data: { message: 'Текущий релиз уже другой.', code: 'precondition_failed' } };
    },
  });
  const user = userEvent.setup({ delay: null });
  render();
  await user.click(await screen.findByRole('button', { name: 'Сделать текущим релиз r2' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Сделать текущим' }));
  const answer = screen.getByTestId('answer');
  await waitFor(() => expect(answer).toHaveTextContent('Другой деплой успел раньше: текущий релиз раздела «comms» уже сменился.'));
  expect(answer).toHaveTextContent('Текущий релиз уже другой.');
  expect(answer).toHaveAttribute('data-tone', 'warning');
  expect(api.changes()).toEqual([expect.objectContaining({ url: '/api/remotes/comms/live/', ifMatch: 'r3' })]);
  await waitFor(() => expect(within(liveOf('comms')).getByText('r4')).toBeInTheDocument());
  expect(api.listReads()).toBe(2);
  expect(within(rowOf('r4')).getByText('текущий')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('«Создать ключ» shows the new key once: closing the dialog forgets it', async () => {
  signIn(ADMIN);
  const api = serve({ change: () => ({ status: 201, data: { id: 3, name: 'CI каталога', key: 'pdk_comms_9f8e7d6c5b4a' } }) });
  const user = userEvent.setup({ delay: null });
  // After user-event's setup, which puts its own clipboard in place.
  const writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render();
  await user.click(await screen.findByRole('button', { name: 'Создать ключ деплоя для раздела «comms»' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Создать' }));
  expect(await within(dialog()).findByText('Введите название ключа')).toBeInTheDocument();
  expect(api.changes()).toEqual([]);

  await user.type(within(dialog()).getByRole('textbox', { name: 'Название ключа' }), 'CI каталога');
  await user.click(within(dialog()).getByRole('button', { name: 'Создать' }));
  const key = await within(dialog()).findByRole('textbox', { name: 'Ключ' });
  expect(key).toHaveValue('pdk_comms_9f8e7d6c5b4a');
  expect(key).toHaveAttribute('readonly');
  // The key and its warning stay in the dialog; that it was made is the answer.
  expect(within(dialog()).getByText(/он показан один раз и больше показан не будет/)).toBeInTheDocument();
  expect(screen.getByTestId('answer')).toHaveTextContent('Ключ «CI каталога» создан.');
  expect(api.changes()).toEqual([expect.objectContaining({ method: 'POST', url: '/api/remotes/comms/keys/' })]);
  expect(JSON.parse(String(api.changes()[0].data))).toEqual({ name: 'CI каталога' });

  await user.click(within(dialog()).getByRole('button', { name: 'Скопировать ключ' }));
  expect(writeText).toHaveBeenCalledWith('pdk_comms_9f8e7d6c5b4a');
  expect(within(dialog()).getByText('Ключ скопирован')).toBeInTheDocument();

  const keyReads = api.sent().filter((r) => r.url === '/api/remotes/comms/keys/' && r.method === 'GET').length;
  await user.click(within(dialog()).getByRole('button', { name: 'Готово' }));
  await waitFor(() => expect(screen.queryByDisplayValue('pdk_comms_9f8e7d6c5b4a')).toBeNull());
  await waitFor(() => expect(api.sent().filter((r) => r.url === '/api/remotes/comms/keys/' && r.method === 'GET')).toHaveLength(keyReads + 1));

  // Opening the dialog again starts a new key; the old one is nowhere.
  await user.click(screen.getByRole('button', { name: 'Создать ключ деплоя для раздела «comms»' }));
  expect(await within(dialog()).findByRole('textbox', { name: 'Название ключа' })).toHaveValue('');
  expect(screen.queryByText('pdk_comms_9f8e7d6c5b4a')).toBeNull();
  expect(screen.queryByDisplayValue('pdk_comms_9f8e7d6c5b4a')).toBeNull();
});

it('«Отозвать» asks first and then revokes the key', async () => {
  signIn(ADMIN);
  const api = serve({ change: () => ({ status: 204 }) });
  const user = userEvent.setup({ delay: null });
  render();
  await user.click(await screen.findByRole('button', { name: 'Отозвать ключ «CI новостей»' }));
  expect(within(dialog()).getByText('Отозвать ключ «CI новостей»?')).toBeInTheDocument();
  expect(api.changes()).toEqual([]);
  await user.click(within(dialog()).getByRole('button', { name: 'Отозвать' }));
  await waitFor(() => expect(api.changes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/remotes/comms/keys/1/' })]));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Ключ «CI новостей» отозван.'));
});

it('a failed read says why and reads again on «Повторить»; no remotes at all is «Релизов ещё нет»', async () => {
  signIn(ADMIN);
  // The list fails the first time (503), then answers with no remotes.
  let fail = true;
  const api = answerWith((request) => {
    if (request.url === '/api/remotes/' && fail) { fail = false; return { status: 503, data: { message: 'Сервис недоступен.', code: 'unavailable' } }; }
    return { data: [] };
  });
  const user = userEvent.setup({ delay: null });
  render();
  expect(await screen.findByText('Сервис недоступен.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('heading', { name: 'Релизов ещё нет' })).toBeInTheDocument();
  expect(screen.queryByText('Сервис недоступен.')).toBeNull();
  expect(api.filter((r) => r.url === '/api/remotes/')).toHaveLength(2);
});

it('anyone but an admin gets no screen and sends nothing', async () => {
  signIn(STAFF);
  const api = serve();
  render();
  expect(screen.getByText('Раздел для администраторов')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Релизы разделов' })).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
  expect(api.sent()).toEqual([]);
});
