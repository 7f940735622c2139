// Stands in for antd's table column-filter dropdown (antd/es/table/hooks/useFilter/FilterDropdown.js)
// in the host's build, which provides the page's one antd Table. Our lists filter above the table
// (ListFilters in shared/src/ui/resource-list.tsx, bound to the address), never in a column header,
// and that dropdown brought antd's Tree and its popups to every screen with a list (about 11 KB gzip,
// bench/bundle.ts). A column that asks for `filters` or `filterDropdown` keeps its title and says in
// the console why it has no filter. Plain JavaScript: it takes the place of a node_modules file,
// which the build does not compile (its types: the .d.ts beside it).
import { createElement, useEffect } from 'react';

/** As antd's: the values of the filter items, nested ones included (useFilter reads the keys with it). */
export function flattenKeys(filters) {
  return (filters || []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]);
}

export default function FilterDropdown({ tablePrefixCls, columnKey, children }) {
  useEffect(() => {
    console.error(`Table column "${String(columnKey)}": column filters are left out of the build (rspack.config.base.ts); filter above the list with ListFilters.`);
  }, [columnKey]);
  return createElement('span', { className: `${tablePrefixCls}-column-title` }, children);
}
