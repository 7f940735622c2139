import { act, render, screen, within } from '@testing-library/react';
import { setLanguage } from '@portal/shared';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { StatusTimeline } from '@portal/shared/ui/status-timeline';

afterEach(() => act(() => setLanguage('ru')));

it('a status tag names the status in the user\'s language, in its tone', () => {
  render(<><StatusTag status="shipped" /><StatusTag status="rejected" /><StatusTag status="draft" /><StatusTag status="odd" /></>);
  expect(screen.getByText('Отгружен')).toHaveAttribute('data-status', 'shipped');
  expect(screen.getByText('Отгружен')).toHaveAttribute('data-tone', 'info');
  expect(screen.getByText('Отклонён')).toBeInTheDocument();
  expect(screen.getByText('Черновик')).toBeInTheDocument();
  // An unknown status is shown as it is, not dropped.
  expect(screen.getByText('odd')).toBeInTheDocument();
  // Each tone has its own tint; the word keeps the theme's text colour, so it reads in both themes.
  expect(screen.getByText('Отклонён').style.background).not.toBe(screen.getByText('Отгружен').style.background);
  expect(screen.getByText('Отклонён').style.color).toBe(screen.getByText('Отгружен').style.color);
  act(() => setLanguage('en'));
  expect(screen.getByText('Shipped')).toBeInTheDocument();
});

it('the word agrees with whose status it is: a claim and a registration request are feminine, an order masculine', () => {
  render(<>
    <div data-testid="order"><StatusTag status="new" /></div>
    <div data-testid="claim"><StatusTag status="new" of="claim" /><StatusTag status="rejected" of="claim" /><StatusTag status="accepted" of="claim" /></div>
    <div data-testid="registration"><StatusTag status="approved" of="registration" /><StatusTag status="rejected" of="registration" /></div>
    <div data-testid="request"><StatusTag status="approved" /><StatusTag status="rejected" /></div>
    <div data-testid="claim-history"><StatusTimeline of="claim" history={[{ from: 'new', to: 'rejected', when: '2026-11-01T09:00:00Z' }]} /></div>
  </>);
  expect(screen.getByTestId('order')).toHaveTextContent('Новый');
  expect(screen.getByTestId('claim')).toHaveTextContent('НоваяОтклоненаПринята');
  expect(screen.getByTestId('registration')).toHaveTextContent('ОдобренаОтклонена');
  expect(screen.getByTestId('request')).toHaveTextContent('ОдобренОтклонён');
  expect(within(screen.getByTestId('claim-history')).getByText('Новая')).toBeInTheDocument();
  expect(within(screen.getByTestId('claim-history')).getByText('Отклонена')).toBeInTheDocument();
  act(() => setLanguage('en'));
  expect(screen.getByTestId('claim')).toHaveTextContent('NewRejectedAccepted');
});

it('the timeline shows each change: from, to, who, when and the comment, oldest first', () => {
  render(<StatusTimeline nameOf={(id) => (id === 2 ? 'Михаил Петров' : `#${id}`)} history={[
    { from: null, to: 'new', who: 'Дилер', when: '2026-11-01T09:00:00Z' },
    { from: 'new', to: 'confirmed', who: 2, when: '2026-11-02T10:30:00Z', comment: 'Резерв на складе 1' },
  ]} />);
  const [first, second] = screen.getAllByTestId('status-change');
  expect(within(first).getByText('Новый')).toBeInTheDocument();
  expect(within(first).getByText('Дилер')).toBeInTheDocument();
  expect(within(second).getByText('Новый')).toBeInTheDocument();
  expect(within(second).getByText('Подтверждён')).toBeInTheDocument();
  expect(within(second).getByText('Михаил Петров')).toBeInTheDocument();
  expect(within(second).getByText('Резерв на складе 1')).toBeInTheDocument();
  expect(screen.getByText(/2 ноября 2026/)).toHaveAttribute('datetime', '2026-11-02T10:30:00Z');
});

it('without history the timeline says there is none', () => {
  render(<StatusTimeline history={[]} />);
  expect(screen.getByText('Изменений статуса пока нет')).toBeInTheDocument();
});
