// Sorted columns keep the table's own background. antd tints the sorted column (#1d1d1d in the
// dark theme), and the dark theme's link colour falls just under WCAG AA's 4.5:1 on that tint;
// the sort arrow in the header still says which column orders the rows.
import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';

const THEME = { components: { Table: { bodySortBg: 'transparent' } } };

export function PlainSortedColumns({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
}
