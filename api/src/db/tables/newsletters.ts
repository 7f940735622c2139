import type { Bool, Id, NullableTimestamp, Timestamp } from './columns';

export interface NewslettersTable {
  id: Id;
  title: string;
  /** Markdown. */
  body: string;
  /** Null: every dealer; otherwise the one dealer group that sees it (`audience` in the API). */
  audience_group_id: number | null;
  published: Bool;
  published_at: NullableTimestamp;
  created_at: Timestamp;
}
