// The host's build puts this in place of antd's Table column filters, which our lists never use
// (rspack.config.base.ts): a column that asks for one still draws, and says why it has no filter.
import { render, screen } from '@testing-library/react';
import FilterDropdown, { flattenKeys } from './table-filter-dropdown-off';

let errors: jest.SpyInstance;
beforeEach(() => { errors = jest.spyOn(console, 'error').mockImplementation(() => undefined); });
afterEach(() => errors.mockRestore());

it('flattenKeys lists the values of the filter items, nested ones included, as antd\'s does', () => {
  expect(flattenKeys([{ value: 'a', children: [{ value: 'b' }, { value: 'c', children: [{ value: 'd' }] }] }, { value: 'e' }])).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(flattenKeys(undefined)).toEqual([]);
});

it('a column that asks for a filter keeps its title and names the column in the console', () => {
  render(<FilterDropdown tablePrefixCls="ant-table" columnKey="status">Статус</FilterDropdown>);
  expect(screen.getByText('Статус')).toHaveClass('ant-table-column-title');
  expect(errors).toHaveBeenCalledWith(expect.stringContaining('Table column "status": column filters are left out'));
});

