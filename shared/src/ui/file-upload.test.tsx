import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createCrudArea } from '@portal/shared';
import { FileUpload } from '@portal/shared/ui/file-upload';
import { answerWith, renderScreen, signIn } from '@portal/shared/ui/testing';
import { deferred } from '../test-helpers';

jest.setTimeout(20_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

const documents = createCrudArea({ name: 'uploadedDocuments', path: '/api/attachments/', multipart: true });
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

it('sends the file as multipart with its fields, shows the progress, then says it is done', async () => {
  const answer = deferred<{ data: unknown }>();
  const sent = answerWith(() => answer.promise);
  const uploaded = jest.fn();
  const view = renderScreen(<FileUpload area={documents} fields={{ dealer: 3, note: null }} label="Загрузить документ" onUploaded={uploaded} />, { slices: [documents.slice] });
  await userEvent.upload(input(), fileOf('прайс.pdf', 1024));
  // The stub server reports half of the bytes sent before it answers.
  const bar = await screen.findByRole('progressbar', { name: 'Отправляется «прайс.pdf»' });
  expect(bar).toHaveAttribute('aria-valuenow', '50');
  expect(screen.getByRole('button', { name: /Загрузить документ/ })).toBeDisabled();
  const form = sent[0].data as FormData;
  expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/attachments/' });
  expect(form.get('dealer')).toBe('3');
  expect(form.has('note')).toBe(false);
  expect((form.get('file') as File).name).toBe('прайс.pdf');

  answer.resolve({ data: { id: 9, name: 'прайс.pdf' } });
  expect(await screen.findByText('Файл «прайс.pdf» загружен')).toBeInTheDocument();
  expect(uploaded).toHaveBeenCalledWith({ id: 9, name: 'прайс.pdf' });
  // The upload is the area's create: its flags and its latest saved item follow it (spec §4).
  expect(documents.selectArea(view.store.getState())).toMatchObject({ saving: false, saved: true, savedItem: { id: 9, name: 'прайс.pdf' } });
  expect(screen.queryByRole('progressbar')).toBeNull();
});

it('a file over the limit is refused before anything is sent, with its size and the limit', async () => {
  const sent = answerWith(() => ({ data: {} }));
  renderScreen(<FileUpload area={documents} maxSizeMb={1} />, { slices: [documents.slice] });
  expect(screen.getByText('Не больше 1 МБ')).toBeInTheDocument();
  await userEvent.upload(input(), fileOf('большой.pdf', 1536 * 1024));
  expect(await screen.findByText('Файл «большой.pdf» весит 1,5 МБ, больше допустимых 1 МБ. Он не отправлен.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});

it('the default limit is 20 MB; a refusal by the server is said with its message', async () => {
  answerWith(() => ({ status: 413, data: { message: 'Файл слишком большой.', code: 'too_large' } }));
  renderScreen(<FileUpload area={documents} />, { slices: [documents.slice] });
  expect(screen.getByText('Не больше 20 МБ')).toBeInTheDocument();
  await userEvent.upload(input(), fileOf('a.pdf', 10));
  expect(await screen.findByText('Не удалось загрузить «a.pdf»: Файл слишком большой.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: /Выбрать файл/ })).toBeEnabled());
});
