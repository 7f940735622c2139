import type { Id } from './columns';

export interface VariablesTable {
  id: Id;
  key: string;
  value: string;
  description: string;
}
