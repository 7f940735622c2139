// Restore links (design §6, §11): a single-use token of 256 bits, kept only as its SHA-256, valid
// 24 h. Mailed when someone asks to restore access, and to the first user of an approved
// registration request so that it sets its own password.
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
