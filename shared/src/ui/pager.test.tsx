import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '@portal/shared';
import { Pager, pagesToShow } from './pager';

initI18n();

it('shows every page up to seven, else the first, the last and two either side of the current one, «…» for two pages or more', () => {
  expect(pagesToShow(1, 1)).toEqual([1]);
  expect(pagesToShow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(pagesToShow(1, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  expect(pagesToShow(3, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  expect(pagesToShow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 10]);
  expect(pagesToShow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
  expect(pagesToShow(10, 10)).toEqual([1, null, 6, 7, 8, 9, 10]);
  expect(pagesToShow(8, 10)).toEqual([1, null, 6, 7, 8, 9, 10]);
});

it('names its buttons, marks the current page, turns off what leads nowhere and says which page was chosen', async () => {
  const onChange = jest.fn();
  const { rerender } = render(<Pager page={1} pageSize={10} total={25} onChange={onChange} />);
  const nav = screen.getByRole('navigation', { name: 'Страницы' });
  expect(within(nav).getAllByRole('listitem')).toHaveLength(5);
  expect(within(nav).getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('button', { name: 'Страница 2' })).not.toHaveAttribute('aria-current');
  expect(within(nav).getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
  await userEvent.click(within(nav).getByRole('button', { name: 'Страница 1' }));
  expect(onChange).not.toHaveBeenCalled();
  await userEvent.click(within(nav).getByRole('button', { name: 'Следующая страница' }));
  expect(onChange).toHaveBeenLastCalledWith(2);
  await userEvent.click(within(nav).getByRole('button', { name: 'Страница 3' }));
  expect(onChange).toHaveBeenLastCalledWith(3);

  rerender(<Pager page={3} pageSize={10} total={25} onChange={onChange} />);
  expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
  screen.getByRole('button', { name: 'Страница 2' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(2);
  await userEvent.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Страница 1' })).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(onChange).toHaveBeenLastCalledWith(1);
});

it('draws nothing for a single page', () => {
  const { container } = render(<Pager page={1} pageSize={10} total={10} onChange={() => {}} />);
  expect(container).toBeEmptyDOMElement();
});

it('speaks English when the page does', async () => {
  const { default: i18n } = await import('i18next');
  await act(() => i18n.changeLanguage('en'));
  render(<Pager page={2} pageSize={10} total={30} onChange={() => {}} />);
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeEnabled();
  expect(within(nav).getByRole('button', { name: 'Next page' })).toBeEnabled();
  await act(() => i18n.changeLanguage('ru'));
});
