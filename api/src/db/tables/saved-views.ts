import type { Bool, Id, Timestamp } from './columns';

/** A saved list view (migration 0019): a user's name for a list's query string. */
export interface SavedViewsTable {
  id: Id;
  user_id: number;
  /** The API list's name: its path without slashes (`orders`, `dp`, `claims`). */
  list: string;
  name: string;
  /** The list's query string, without a leading `?` (`status=new&ordering=-created_at`). */
  query: string;
  /** Shown to all staff (only staff may share). */
  shared: Bool;
  created_at: Timestamp;
}
