import type { Generated } from 'kysely';
import type { Id, NullableTimestamp, Timestamp } from './columns';

/** A warehouse 1C knows (migration 0025): its 1C id and the name the store items carry. */
export interface ExchangeWarehousesTable {
  external_id: string;
  name: string;
}

/** A group of 1C's classifier; a product's category is its group's path («Электрика / Автоматы»). */
export interface ExchangeGroupsTable {
  external_id: string;
  name: string;
  parent_id: string | null;
}

/** An account 1C signs in with (HTTP Basic `login:key`); the key is kept as its sha256 only. */
export interface ExchangeAccountsTable {
  id: Id;
  login: string;
  key_hash: string;
  created_at: Timestamp;
  created_by: string;
  last_used_at: NullableTimestamp;
}

export type ExchangeKind = 'catalog' | 'sale';
export type ExchangeRunStatus = 'running' | 'success' | 'failure';

/** One exchange, from 1C's checkauth on: its session, files, counts and errors. */
export interface ExchangeRunsTable {
  id: Id;
  kind: ExchangeKind;
  account_id: number | null;
  account_login: string;
  /** sha256 of the session cookie's value. */
  session_hash: string;
  started_at: Timestamp;
  last_seen_at: Timestamp;
  finished_at: NullableTimestamp;
  status: ExchangeRunStatus;
  created: Generated<number>;
  updated: Generated<number>;
  withdrawn: Generated<number>;
  skipped: Generated<number>;
  bytes: Generated<number | string>;
  /** JSON: ExchangeError[]. */
  errors: Generated<string>;
  /** JSON: the ids of the orders the last `query` sent. */
  sent_orders: Generated<string>;
}

export type ExchangeFileStatus = 'uploaded' | 'importing' | 'done' | 'failed';

export interface ExchangeFilesTable {
  id: Id;
  run_id: number;
  name: string;
  size: Generated<number | string>;
  parts: Generated<number>;
  status: ExchangeFileStatus;
  message: Generated<string>;
  heartbeat_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ExchangeFilePartsTable {
  file_id: number;
  part: number;
  data: Buffer;
}
