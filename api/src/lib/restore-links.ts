// Restore links (design §6, §11): a single-use token of 256 bits, kept only as its SHA-256, valid
// 24 h. Mailed when someone asks to restore access (at most once per RESTORE_MAIL_INTERVAL_MINUTES
// to one user, `claimRestoreMail`), and to the first user of an approved registration request so
// that it sets its own password.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import { isoIn, nowIso } from '../db/dialect';
import type { Mail } from './mailer';
import type { Language } from './messages';

export const RESTORE_TOKEN_TTL = 24 * 60 * 60;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new restore token for the user; answers the token itself (only the hash is stored). */
export async function issueRestoreToken(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('restore_tokens').values({
    user_id: userId, token_hash: tokenHash(token), expires_at: isoIn(RESTORE_TOKEN_TTL), created_at: nowIso(),
  }).execute();
  return token;
}

/**
 * Whether a restore mail may go to the user now: true for one caller per interval, across every API
 * process. One upsert decides: a first row is inserted, an existing one is moved to now only when its
 * time is older than the interval; the database serialises two callers on the row, and the one that
 * comes second sees the time the first one wrote.
 */
export async function claimRestoreMail(db: Kysely<Database>, userId: number, intervalMinutes: number): Promise<boolean> {
  const now = nowIso();
  const due = new Date(Date.now() - intervalMinutes * 60_000).toISOString();
  const claimed = await db.insertInto('restore_mails').values({ user_id: userId, mailed_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ mailed_at: now }).where('restore_mails.mailed_at', '<=', due))
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The mail with the link: `welcome` for a new dealer's first password, `restore` otherwise. */
export function restoreMail(to: string, link: string, language: Language, kind: 'restore' | 'welcome'): Mail {
  if (kind === 'welcome') {
    return language === 'en'
      ? { to, subject: 'Your dealer portal account', text: `Hello,\n\nyour registration request has been approved. To set your password for the dealer portal, open this link within 24 hours:\n\n${link}\n` }
      : { to, subject: 'Доступ к порталу дилеров', text: `Здравствуйте!\n\nВаша заявка на регистрацию одобрена. Чтобы задать пароль для входа в портал дилеров, откройте ссылку в течение 24 часов:\n\n${link}\n` };
  }
  return language === 'en'
    ? { to, subject: 'Restoring access to the dealer portal', text: `Hello,\n\nto set a new password for the dealer portal, open this link within 24 hours:\n\n${link}\n\nIf you did not ask for it, ignore this mail.\n` }
    : { to, subject: 'Восстановление доступа к порталу дилеров', text: `Здравствуйте!\n\nЧтобы задать новый пароль для портала дилеров, откройте ссылку в течение 24 часов:\n\n${link}\n\nЕсли вы не запрашивали восстановление доступа, просто проигнорируйте это письмо.\n` };
}
