import type { ReactNode } from 'react';

interface FilterItem { value: unknown; children?: FilterItem[] }
export function flattenKeys(filters: FilterItem[] | undefined): unknown[];
export default function FilterDropdown(props: { tablePrefixCls: string; columnKey: unknown; children?: ReactNode }): ReactNode;
