// Access restoration (design §6, §11): POST /restore/ always answers the same, and in the same time,
// whether or not the email belongs to an account: the answer goes first, and only then is the user
// looked up and, for an active account, a link mailed with a single-use token (256 bits, stored as
// its sha256, valid 24 h). One user gets at most one such mail per RESTORE_MAIL_INTERVAL_MINUTES,
// however many requests come and from wherever (issue 9). POST /restore/{token}/ checks the token
// before it hashes anything (issue 17), then sets the new password, spends the token and ends every
// session of the user at once (its access tokens too, on every process).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import { findUserByEmail } from '../areas/users';
import { nowIso, toBool } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { recordAudit } from '../lib/audit';
import type { Mailer } from '../lib/mailer';
import { languageOf, message, type Language } from '../lib/messages';
import { hashHolders, hashPassword } from '../lib/passwords';
import { rateLimitOf } from '../lib/rate-limits';
import { claimRestoreMail, issueRestoreToken, restoreMail, tokenHash } from '../lib/restore-links';
import { errorResponses } from '../schemas/common';
import { MessageResponse, NewPassword, RestoreParams, RestoreRequest } from '../schemas/restore';

const restoreRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; mailer: Mailer }> = async (app, { config, mailer }) => {
  const rateLimit = rateLimitOf(config.rateLimits.restore);

  /** Mails being made after their answer went; the application waits for them when it closes. */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => { await Promise.allSettled(pending); });

  /** The link to an active account, unless one went to it within the interval. Never rejects: a
   * failure is logged (the mailer keeps what SMTP refuses in its outbox), as the answer has gone. */
  async function mailRestoreLink(email: string, language: Language, log: FastifyBaseLogger): Promise<void> {
    try {
      const user = await findUserByEmail(app.db, email);
      if (!user || !toBool(user.is_active)) return;
      if (!(await claimRestoreMail(app.db, user.id, config.restoreMailIntervalMinutes))) return;
      const token = await issueRestoreToken(app.db, user.id);
      await recordAudit(app.db, { actor: null, action: 'user.password_reset_sent', target_id: user.id, details: { user_email: user.email, via: 'restore_form' } });
      await mailer.send(restoreMail(user.email, `${config.publicUrl}/restore/${token}`, language, 'restore'));
    } catch (err) {
      log.error({ err }, 'restore mail failed');
    }
  }

  app.post('/restore/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit },
    schema: { body: RestoreRequest, response: { 200: MessageResponse, ...errorResponses } },
    // After the answer has been sent, and on the next turn of the event loop, so that none of the
    // lookup, the token or the mail is inside the time the requester measures.
    onResponse: async (request, reply) => {
      if (reply.statusCode !== 200) return;
      const language = languageOf(request.headers['accept-language']);
      const mailing: Promise<void> = new Promise<void>((next) => setImmediate(next))
        .then(() => mailRestoreLink(request.body.email, language, request.log))
        .finally(() => pending.delete(mailing));
      pending.add(mailing);
    },
  }, async (request) => ({ message: message('restore_sent', languageOf(request.headers['accept-language'])) }));

  app.post('/restore/:token/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit },
    schema: { params: RestoreParams, body: NewPassword, response: { 200: MessageResponse, ...errorResponses } },
  }, async (request) => {
    const hash = tokenHash(request.params.token);
    // A bad, used or expired token is refused before any hashing: scrypt is costly on purpose, and a
    // stranger must not be able to spend it at will (issue 17 item 4).
    const known = await app.db.selectFrom('restore_tokens').select('user_id')
      .where('token_hash', '=', hash).where('used_at', 'is', null).where('expires_at', '>', nowIso()).executeTakeFirst();
    if (!known) throw new ApiError(400, 'restore_token_invalid');
    // Hash before the transaction: scrypt takes a while and must not hold a database lock.
    const passwordHash = await hashPassword(request.body.password, config.scryptLog2N, hashHolders(request, known.user_id));
    const now = nowIso();
    const userId = await app.db.transaction().execute(async (trx) => {
      // Spent by one conditional update: of two uses at once, one sets the password.
      const spent = await trx.updateTable('restore_tokens').set({ used_at: now })
        .where('token_hash', '=', hash).where('used_at', 'is', null).where('expires_at', '>', now)
        .returning('user_id').executeTakeFirst();
      if (!spent) return null;
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', spent.user_id).execute();
      // Any other link mailed earlier is void once the password is set.
      await trx.updateTable('restore_tokens').set({ used_at: now }).where('user_id', '=', spent.user_id).where('used_at', 'is', null).execute();
      // Every session of the user ends with the change, on every process (lib/tokens.ts).
      await app.tokens.endSessions(spent.user_id, trx);
      return spent.user_id;
    });
    if (userId === null) throw new ApiError(400, 'restore_token_invalid');
    return { message: message('password_changed', languageOf(request.headers['accept-language'])) };
  });
};

export default restoreRoutes;
