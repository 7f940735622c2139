// The host's build puts these in place of two parts of antd's Table that our lists never use
// (rspack.config.base.ts): a column or a selection that asks for them still draws, and says why
// it has no filter or selections menu.
import { render, screen } from '@testing-library/react';
import FilterDropdown, { flattenKeys } from './table-filter-dropdown-off';
import SelectionsMenuOff from './table-selection-menu-off';

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

it('a selections menu draws its trigger alone and says why', () => {
  render(<SelectionsMenuOff><span>▾</span></SelectionsMenuOff>);
  expect(screen.getByText('▾')).toBeInTheDocument();
  expect(errors).toHaveBeenCalledWith(expect.stringContaining('selections menu is left out'));
});
