import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attachment } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import { documentsArea } from './documents-slice';
import DocumentsList from './list';
import '../../translations';

const doc = (id: number, extra: Partial<Attachment> = {}): Attachment => ({
  id, name: `Документ ${id}.pdf`, description: 'Прайс', content_type: 'application/pdf', size: 2048, sha256: 'x', dealer: null,
  uploaded_by: 2, created_at: '2026-11-01T09:00:00Z', url: `/api/attachments/${id}/download/`, ...extra,
});
const dealers = [{ id: 3, name: 'ООО Ромашка' }];

function serve(other: (request: SentRequest) => { status?: number; data?: unknown; headers?: Record<string, string> } | null = () => null) {
  return answerWith((request) => {
    const answer = other(request);
    if (answer) return answer;
    if (request.url === '/api/dealers/') return { data: { count: 1, next: null, previous: null, results: dealers } };
    return { data: { count: 2, next: null, previous: null, results: [doc(1), doc(2, { dealer: 3, name: 'Договор.pdf' })] } };
  });
}
const slices = [documentsArea.slice];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

// antd's table and selects are slow to drive in jsdom on a busy machine.
jest.setTimeout(120_000);
afterEach(() => localStorage.clear());

it('a dealer sees the documents it may download, searches them, and downloads one through the client as a file', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  URL.createObjectURL = jest.fn(() => 'blob:doc');
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push(this.download); });
  const sent = serve((r) => (r.url.endsWith('/download/') ? { data: new Blob(['%PDF']), headers: { 'content-disposition': 'attachment; filename="upload-1.pdf"' } } : null));
  const view = renderScreen(<DocumentsList />, { at: '/comms/documents', slices });
  expect(await screen.findByRole('heading', { name: 'Документы' })).toBeInTheDocument();
  expect(await screen.findByText('Документ 1.pdf')).toBeInTheDocument();
  expect(within(rowOf('Документ 1.pdf')).getByText('Все дилеры')).toBeInTheDocument();
  expect(within(rowOf('Договор.pdf')).getByText('Ваша компания')).toBeInTheDocument();
  // A dealer neither deletes nor picks another dealer.
  expect(screen.queryByRole('button', { name: 'Удалить' })).toBeNull();
  expect(sent.some((r) => r.url === '/api/dealers/')).toBe(false);

  await user.click(within(rowOf('Документ 1.pdf')).getByRole('button', { name: 'Скачать' }));
  await waitFor(() => expect(saved).toEqual(['Документ 1.pdf']));
  const download = sent.find((r) => r.url === '/api/attachments/1/download/')!;
  expect(download.responseType).toBe('blob');
  expect(download.authorization).toMatch(/^Bearer /);

  await user.type(screen.getByRole('searchbox'), 'прайс{Enter}');
  await waitFor(() => expect(view.address()).toBe('/comms/documents?search=%D0%BF%D1%80%D0%B0%D0%B9%D1%81'));
  click.mockRestore();
});

it('a dealer uploads its own document: no dealer is sent (the API makes it the dealer\'s), and the list is asked again', async () => {
  signIn();
  const uploads: SentRequest[] = [];
  const sent = serve((r) => (r.method === 'POST' ? (uploads.push(r), { status: 201, data: doc(9) }) : null));
  renderScreen(<DocumentsList />, { at: '/comms/documents', slices });
  await screen.findByText('Документ 1.pdf');
  const lists = sent.filter((r) => r.url === '/api/attachments/').length;
  await userEvent.upload(fileInput(), new File(['акт'], 'акт.pdf', { type: 'application/pdf' }));
  expect(await screen.findByText('Файл «акт.pdf» загружен')).toBeInTheDocument();
  const form = uploads[0].data as FormData;
  expect(uploads[0].url).toBe('/api/attachments/');
  expect(form.has('dealer')).toBe(false);
  expect((form.get('file') as File).name).toBe('акт.pdf');
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/attachments/').length).toBeGreaterThan(lists));
});

it('a dealer deletes a document it uploaded itself, after a confirm; one a news item links to stays, and the dialog says why', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const deletes: SentRequest[] = [];
  const own = doc(5, { dealer: 3, uploaded_by: 7, name: 'Мой акт.pdf' });
  const linked = doc(6, { dealer: 3, uploaded_by: 7, name: 'Фото.jpg' });
  serve((r) => {
    if (r.method === 'DELETE') {
      deletes.push(r);
      return r.url === '/api/attachments/6/' ? { status: 409, data: { code: 'attachment_in_use', message: 'Файл прикреплён к новости или заказу: его нельзя удалить.' } } : { status: 204 };
    }
    return r.url === '/api/attachments/' ? { data: { count: 3, next: null, previous: null, results: [doc(1), own, linked] } } : null;
  });
  renderScreen(<DocumentsList />, { at: '/comms/documents', slices });
  await screen.findByText('Мой акт.pdf');
  // Only its own uploads: not the one staff made for all dealers.
  expect(within(rowOf('Документ 1.pdf')).queryByRole('button', { name: 'Удалить' })).toBeNull();
  await user.click(within(rowOf('Фото.jpg')).getByRole('button', { name: 'Удалить' }));
  let dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  expect(await within(dialog).findByText('Файл прикреплён к новости или заказу: его нельзя удалить.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  await user.click(within(rowOf('Мой акт.pdf')).getByRole('button', { name: 'Удалить' }));
  dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Удалить «Мой акт.pdf»?');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(deletes.map((r) => r.url)).toEqual(['/api/attachments/6/', '/api/attachments/5/']));
});

it('staff upload for one dealer, filter by dealer, and delete with a confirm', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  const sent = serve((r) => (r.method !== 'GET' ? (changes.push(r), { status: r.method === 'POST' ? 201 : 204, data: r.method === 'POST' ? doc(9) : undefined }) : null));
  const view = renderScreen(<DocumentsList />, { at: '/comms/documents', slices });
  await screen.findByText('Документ 1.pdf');
  await waitFor(() => expect(within(rowOf('Договор.pdf')).getByText('Дилер «ООО Ромашка»')).toBeInTheDocument());

  await user.selectOptions(screen.getByRole('combobox', { name: 'Для кого' }), 'ООО Ромашка');
  await userEvent.upload(fileInput(), new File(['x'], 'счёт.pdf', { type: 'application/pdf' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect((changes[0].data as FormData).get('dealer')).toBe('3');

  await chooseFilter(user, 'Дилер', 'ООО Ромашка');
  await waitFor(() => expect(view.address()).toBe('/comms/documents?dealer=3'));
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/attachments/').at(-1)!.params).toMatchObject({ dealer: '3' }));

  await user.click(within(rowOf('Документ 1.pdf')).getByRole('button', { name: 'Удалить' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Удалить «Документ 1.pdf»?');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(changes).toHaveLength(2));
  expect(changes[1]).toMatchObject({ method: 'DELETE', url: '/api/attachments/1/' });
});
