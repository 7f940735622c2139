import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderAt, stubApi } from '../../test/render';
import RegisterScreen from './register';

const routes = <Routes><Route path="/register" element={<RegisterScreen />} /></Routes>;

async function fill(values: Partial<Record<string, string>>) {
  const user = userEvent.setup({ delay: null });
  const labels: Record<string, string> = { company_name: 'Компания', tax_id: 'ИНН', contact_name: 'Контактное лицо', email: 'Эл. почта', phone: 'Телефон' };
  for (const [name, value] of Object.entries(values)) {
    const field = screen.getByRole('textbox', { name: labels[name] });
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  return user;
}

const valid = { company_name: 'ООО «Ромашка»', tax_id: '7707329152', contact_name: 'Иван Петров', email: 'ivan@romashka.example', phone: '+7 (495) 111-22-33' };

afterEach(() => localStorage.clear());

it('a wrong INN checksum, a bad email and a short phone are refused on their fields before anything is sent', async () => {
  const api = stubApi(() => ({ status: 201, data: {} }));
  try {
    renderAt('/register', routes);
    const user = await fill({ ...valid, tax_id: '7707329153', email: 'ivan@romashka', phone: '+7 495 11' });
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText(/Неверный ИНН/)).toBeInTheDocument();
    // The error is the field's description, not part of its name.
    const taxId = screen.getByRole('textbox', { name: 'ИНН' });
    expect(taxId).toHaveAttribute('aria-invalid', 'true');
    expect(taxId).toHaveAccessibleDescription(/Неверный ИНН/);
    expect(taxId).toHaveFocus();
    expect(screen.getByText(/Введите адрес эл. почты/)).toBeInTheDocument();
    expect(screen.getByText(/Введите телефон/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Компания/ })).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  } finally {
    api.restore();
  }
});

it('empty required fields are named; a 12-digit INN of a sole trader passes', async () => {
  const api = stubApi(() => ({ status: 201, data: {} }));
  try {
    renderAt('/register', routes);
    fireEvent.submit(screen.getByRole('button', { name: 'Отправить заявку' }).closest('form')!);
    expect(await screen.findAllByText('Заполните это поле')).toHaveLength(5);
    const user = await fill({ ...valid, tax_id: '500100732259' });
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/regreq/')).toHaveLength(1));
  } finally {
    api.restore();
  }
});

it('the server\'s field errors land on their fields and the values stay', async () => {
  const api = stubApi(() => ({ status: 400, data: { message: 'Проверьте введённые данные.', code: 'invalid', fields: { email: ['Запись с таким значением уже существует.'] } } }));
  try {
    renderAt('/register', routes);
    const user = await fill(valid);
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText('Запись с таким значением уже существует.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Эл. почта/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Эл. почта/ })).toHaveValue('ivan@romashka.example');
    expect(screen.getByText('Проверьте введённые данные.')).toBeInTheDocument();
  } finally {
    api.restore();
  }
});

it('after sending, the page says what happens next, naming the address the link will go to', async () => {
  const api = stubApi(() => ({ status: 201, data: { id: 9 } }));
  try {
    renderAt('/register', routes);
    const user = await fill(valid);
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), '  Хотим продавать  ');
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const done = await screen.findByRole('heading', { name: 'Заявка отправлена' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText(/на ivan@romashka.example придёт письмо со ссылкой/)).toBeInTheDocument();
    expect(screen.getByText(/примите договор дилера/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).toBeNull();
    expect(JSON.parse(api.calls.find((c) => c.url === '/api/regreq/')!.data)).toEqual({ ...valid, comment: 'Хотим продавать' });
  } finally {
    api.restore();
  }
});
