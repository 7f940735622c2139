// Access restoration (design §6, §11): POST /restore/ always answers the same, whether or not the
// email belongs to an account; for an active account it mails a link with a single-use token
// (256 bits, stored as its sha256, valid 24 h). POST /restore/{token}/ sets the new password, spends
// the token and ends every session of the user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config';
import { nowIso, toBool } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import type { Mailer } from '../lib/mailer';
import { languageOf, message } from '../lib/messages';
import { hashPassword } from '../lib/passwords';
import { rateLimitOf } from '../lib/rate-limits';
import { issueRestoreToken, restoreMail, tokenHash } from '../lib/restore-links';
import { findUserByEmail } from '../repositories/users';
import { errorResponses } from '../schemas/common';
import { MessageResponse, NewPassword, RestoreParams, RestoreRequest } from '../schemas/restore';

const restoreRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; mailer: Mailer }> = async (app, { config, mailer }) => {
  const rateLimit = rateLimitOf(config.rateLimits.restore);

  app.post('/restore/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit },
    schema: { body: RestoreRequest, response: { 200: MessageResponse, ...errorResponses } },
  }, async (request) => {
    const language = languageOf(request.headers['accept-language']);
    const user = await findUserByEmail(app.db, request.body.email);
    if (user && toBool(user.is_active)) {
      const token = await issueRestoreToken(app.db, user.id);
      const mail = restoreMail(user.email, `${config.publicUrl}/restore/${token}`, language, 'restore');
      // The answer must not depend on the mail: a failure is logged (the mailer keeps it in the outbox).
      await mailer.send(mail).catch((err) => request.log.error({ err }, 'restore mail failed'));
    }
    return { message: message('restore_sent', language) };
  });

  app.post('/restore/:token/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit },
    schema: { params: RestoreParams, body: NewPassword, response: { 200: MessageResponse, ...errorResponses } },
  }, async (request) => {
    // Hash before the transaction: scrypt takes a while and must not hold a database lock.
    const passwordHash = await hashPassword(request.body.password, config.scryptLog2N);
    const now = nowIso();
    const userId = await app.db.transaction().execute(async (trx) => {
      const spent = await trx.updateTable('restore_tokens').set({ used_at: now })
        .where('token_hash', '=', tokenHash(request.params.token)).where('used_at', 'is', null).where('expires_at', '>', now)
        .returning('user_id').executeTakeFirst();
      if (!spent) return null;
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', spent.user_id).execute();
      // Any other link mailed earlier is void once the password is set.
      await trx.updateTable('restore_tokens').set({ used_at: now }).where('user_id', '=', spent.user_id).where('used_at', 'is', null).execute();
      return spent.user_id;
    });
    if (userId === null) throw new ApiError(400, 'restore_token_invalid');
    await app.tokens.revokeUser(userId);
    return { message: message('password_changed', languageOf(request.headers['accept-language'])) };
  });
};

export default restoreRoutes;
