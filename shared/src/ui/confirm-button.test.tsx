import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { deferred } from '../test-helpers';

jest.setTimeout(20_000);

it('nothing happens until the user confirms; the dialog waits for the server, then closes', async () => {
  const user = userEvent.setup({ delay: null });
  const answer = deferred();
  const onConfirm = jest.fn(() => answer.promise);
  render(<ConfirmButton danger title="Удалить рассылку?" content="Её больше не увидят дилеры." okText="Удалить" onConfirm={onConfirm}>Удалить</ConfirmButton>);
  await user.click(screen.getByRole('button', { name: 'Удалить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Удалить рассылку?' });
  expect(dialog).toHaveTextContent('Её больше не увидят дилеры.');
  expect(onConfirm).not.toHaveBeenCalled();

  await user.click(screen.getAllByRole('button', { name: /Удалить/ }).at(-1)!);
  expect(onConfirm).toHaveBeenCalledTimes(1);
  // Still open and busy while the server thinks.
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await waitFor(() => expect(screen.getAllByRole('button', { name: /Удалить/ }).at(-1)).toHaveClass('ant-btn-loading'));
  answer.resolve();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('cancel changes nothing; a refusal stays in the dialog with the server\'s message', async () => {
  const user = userEvent.setup({ delay: null });
  const config = { headers: new AxiosHeaders() };
  const refusal = new AxiosError('409', 'ERR_BAD_REQUEST', config, {}, { status: 409, statusText: '409', headers: {}, config, data: { message: 'Статус уже изменён' } });
  const onConfirm = jest.fn(() => Promise.reject(refusal));
  render(<ConfirmButton title="Опубликовать?" onConfirm={onConfirm}>Опубликовать</ConfirmButton>);
  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  await user.click(await screen.findByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(onConfirm).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
  await user.click(await screen.findByRole('button', { name: 'Да' }));
  expect(await screen.findByText('Статус уже изменён')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it('a field of the content marked data-autofocus has the focus once the dialog is open, so the reason can be typed at once', async () => {
  const user = userEvent.setup({ delay: null });
  render(
    <ConfirmButton title="Отклонить запрос?" okText="Отклонить" onConfirm={async () => undefined}
      content={<label>Комментарий для дилера<textarea data-autofocus /></label>}>
      Отклонить
    </ConfirmButton>,
  );
  await user.click(screen.getByRole('button', { name: 'Отклонить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отклонить запрос?' });
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Комментарий для дилера' })).toHaveFocus());
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
});
