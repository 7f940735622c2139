// Sign-in and token refresh (design §6). A wrong password, an unknown email and an inactive account
// all get the same 401 and message, and take about the same time. Logins are limited per client
// address and per account (lib/login-attempts.ts), refreshes and sign-outs per client address.
// A refresh token presented twice within REFRESH_REUSE_GRACE_SECONDS answers the same pair twice
// (two tabs); POST /token/logout/ revokes the token's family (lib/tokens.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppConfig } from '../config';
import { findUserByEmail, toUser, UserSchema } from '../areas/users';
import { nowIso, toBool } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { isDealerActive } from '../lib/dealers';
import { normalizeEmail } from '../lib/email';
import { configurePasswordHashing, hashHolders, verifyAgainstDummy, verifyPassword } from '../lib/passwords';
import { errorResponses } from '../schemas/common';
import { endOverride } from '../lib/releases/overrides';
import { rateLimitOf } from '../lib/rate-limits';

const TokenRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}, { additionalProperties: false });

const RefreshRequest = Type.Object({
  refresh: Type.String({ minLength: 1, maxLength: 4096 }),
}, { additionalProperties: false });

const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() });

const TokenResponse = Type.Object({ access: Type.String(), refresh: Type.String(), user: UserSchema });

const authRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  // Every password hash of the process waits its turn (PASSWORD_HASH_CONCURRENCY); a refusal is a 503 with Retry-After.
  configurePasswordHashing(config.passwordHashing);

  app.post('/token/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit: rateLimitOf(config.rateLimits.login) },
    schema: { body: TokenRequest, response: { 200: TokenResponse, ...errorResponses } },
  }, async (request, reply) => {
    const { email, password } = request.body;
    const attempt = await app.loginAttempts.begin(request, reply, email);
    const user = await findUserByEmail(app.db, email);
    if (!user || !user.password_hash) {
      await verifyAgainstDummy(password, config.scryptLog2N, hashHolders(request, normalizeEmail(email)));
      throw new ApiError(401, 'invalid_credentials');
    }
    const matches = await verifyPassword(password, user.password_hash, hashHolders(request, user.id));
    if (!matches || !toBool(user.is_active)) throw new ApiError(401, 'invalid_credentials');
    // A deactivated dealer's users are turned away like an inactive account.
    if (user.dealer_id !== null && !(await isDealerActive(app.db, user.dealer_id))) throw new ApiError(401, 'invalid_credentials');
    const lastLogin = nowIso();
    await app.db.updateTable('users').set({ last_login: lastLogin }).where('id', '=', user.id).execute();
    const tokens = await app.tokens.issue(user);
    await attempt.signedIn();
    // A remote override another user made in this browser ends with this sign-in (issue 30 item 6).
    await endOverride(request, reply, (overrides) => overrides?.user === user.id);
    return { ...tokens, user: toUser({ ...user, last_login: lastLogin }) };
  });

  app.post('/token/refresh/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit: rateLimitOf(config.rateLimits.refresh) },
    schema: { body: RefreshRequest, response: { 200: TokenPair, ...errorResponses } },
  }, async (request) => app.tokens.rotate(request.body.refresh));

  // Signing out (design §6): the refresh token's family is revoked, on every process at once.
  app.post('/token/logout/', {
    config: { permission: { area: 'auth', action: 'create' }, rateLimit: rateLimitOf(config.rateLimits.refresh) },
    schema: { body: RefreshRequest, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.tokens.logout(request.body.refresh);
    // A remote override ends with the session (issue 30 item 6).
    await endOverride(request, reply);
    return reply.status(204).send(null);
  });
};

export default authRoutes;
