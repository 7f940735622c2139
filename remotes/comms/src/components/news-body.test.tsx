import { render, screen, within } from '@testing-library/react';
import { NewsBody } from './news-body';

const table = [
  'Поступления на склад:',
  '',
  '| Категория | Позиций |',
  '|---|---:|',
  '| Инструменты | 120 |',
  '| Крепёж <b>жирный</b> | 340 |',
  '',
  'Заказы отгружаются в течение двух дней.',
].join('\n');

it('a GFM table renders as a <table> with its header and cells, in a box that scrolls sideways', () => {
  const { container } = render(<NewsBody body={table} />);
  const grid = screen.getByRole('table');
  expect(within(grid).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Категория', 'Позиций']);
  const rows = within(grid).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
  expect(rows).toEqual([['Инструменты', '120'], ['Крепёж жирный', '340']]);
  // Not shown as its raw text.
  expect(container).not.toHaveTextContent('|');
  // Across the card, scrolling sideways when it is wider; the column's GFM alignment is kept.
  expect(grid).toHaveStyle({ width: '100%' });
  expect(grid.parentElement).toHaveStyle({ overflowX: 'auto' });
  expect(within(grid).getByText('340')).toHaveStyle({ textAlign: 'right' });
  // The paragraphs around it stay paragraphs.
  expect(screen.getByText('Поступления на склад:').tagName).toBe('P');
  expect(screen.getByText(/Заказы отгружаются/).tagName).toBe('P');
});

it('raw HTML stays off, in the body and inside a table: no script, no markup of its own', () => {
  const { container } = render(<NewsBody body={`${table}\n\n<script>window.hacked = 1</script>\n\n<div class="injected">x</div> <img src="x" onerror="alert(1)">`} />);
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('.injected')).toBeNull();
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('b')).toBeNull();
  expect((window as { hacked?: number }).hacked).toBeUndefined();
});

it('a body without a table is plain Markdown as before', () => {
  const { container } = render(<NewsBody body={'Цены **обновлены**.\n\n- один\n- два'} />);
  expect(screen.getByText('обновлены').tagName).toBe('STRONG');
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
  expect(container.querySelector('table')).toBeNull();
});
