import { Type } from 'typebox';
import { Nullable, Timestamp } from './common';

export const NewsletterSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Markdown. */
  body: Type.String(),
  /** Null: every dealer; otherwise one dealer group id. */
  audience: Nullable(Type.Integer()),
  published: Type.Boolean(),
  published_at: Nullable(Timestamp),
  created_at: Timestamp,
});
