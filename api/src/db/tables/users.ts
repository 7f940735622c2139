import type { Generated } from 'kysely';
import type { Bool, Id, NullableTimestamp, Timestamp } from './columns';

export type Role = 'dealer' | 'manager' | 'admin';

export interface UsersTable {
  id: Id;
  /** Lower-cased; the login name. */
  email: string;
  /** Self-describing scrypt hash (see lib/passwords.ts); '' for an account with no password yet. */
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  dealer_id: number | null;
  is_active: Bool;
  contract_signed: Bool;
  contract_signed_at: NullableTimestamp;
  date_joined: Timestamp;
  last_login: NullableTimestamp;
  /** When the user's sessions last ended: tokens issued before it are refused (lib/tokens.ts); null: never. */
  sessions_valid_after: NullableTimestamp;
  /** The user's own profile (migration 0022): '' when not given. */
  phone: Generated<string>;
  language: Generated<'ru' | 'en'>;
  theme: Generated<'default' | 'dark'>;
  /** JSON {kind: bool} of the notification mails (lib/notifications.ts); a kind not named is on. */
  notifications: Generated<string>;
}
