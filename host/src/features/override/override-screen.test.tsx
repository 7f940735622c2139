import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, setLanguage } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import OverrideScreen from './override-screen';

initI18n();
jest.setTimeout(30_000);
afterEach(() => { localStorage.clear(); setLanguage('ru'); });

const manifest = 'http://localhost:3101/mf-manifest.json';
const link = `/override?name=comms&manifest=${encodeURIComponent(manifest)}`;

it('says which remote would load from where, and sets nothing until «Подключить» is pressed', async () => {
  signIn(STAFF);
  const sent = answerWith(() => ({ data: { overrides: { comms: manifest } } }));
  // jsdom has no page to load anew after the override is set: it says so on the console.
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderScreen(<OverrideScreen />, { at: link, path: '/override' });
  expect(screen.getByRole('heading', { level: 1, name: 'Подключить сборку разработки' })).toBeInTheDocument();
  expect(screen.getByText('Раздел comms будет загружаться в этом браузере из сборки по адресу:')).toBeInTheDocument();
  expect(screen.getByTestId('override-manifest')).toHaveTextContent(manifest);
  expect(sent).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Подключить' }));
  await waitFor(() => expect(sent.map((r) => [r.method, r.url, r.data])).toEqual([['POST', '/api/remotes/overrides/', JSON.stringify({ name: 'comms', manifest })]]));
  spy.mockRestore();
});

it('a refusal shows the API\'s words and the field\'s, and the button can be pressed again', async () => {
  signIn(STAFF);
  answerWith(() => ({ status: 400, data: { code: 'invalid', message: 'Проверьте поля формы.', fields: { manifest: ['Нужен абсолютный адрес http(s) с разрешённого источника: http://localhost:*.'] } } }));
  renderScreen(<OverrideScreen />, { at: `/override?name=comms&manifest=${encodeURIComponent('https://evil.example/mf-manifest.json')}`, path: '/override' });
  await userEvent.click(screen.getByRole('button', { name: 'Подключить' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Проверьте поля формы.');
  expect(alert).toHaveTextContent('Нужен абсолютный адрес http(s) с разрешённого источника: http://localhost:*.');
  expect(screen.getByRole('button', { name: 'Подключить' })).not.toHaveAttribute('aria-busy');
});

it('a link without the remote or the build says so, in English too, and offers no button', async () => {
  signIn(STAFF);
  setLanguage('en');
  answerWith(() => ({ status: 404, data: {} }));
  renderScreen(<OverrideScreen />, { at: '/override?name=comms', path: '/override' });
  expect(await screen.findByRole('alert')).toHaveTextContent('The link names no section or no build.');
  expect(screen.queryByRole('button', { name: 'Use this build' })).toBeNull();
});
