import type { ReactNode } from 'react';

export default function SelectionsMenuOff(props: { children?: ReactNode }): ReactNode;
