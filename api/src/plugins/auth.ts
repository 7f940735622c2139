// Bearer authentication: the token service for the routes, and `authenticate`, which the
// permissions hook calls for every route that is not open to visitors. The caller's claims are the
// token's, checked against the user's state in the database on every request (lib/tokens.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { ApiError } from '../lib/api-error';
import { loginAttempts, type LoginAttempts } from '../lib/login-attempts';
import { rateCounterOf } from '../lib/rate-limits';
import { createTokenService, type AccessClaims, type TokenService } from '../lib/tokens';
import { sharedScope } from './shared-scope';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Sign-in attempts per account (LOGIN_FAILURES_PER_ACCOUNT): a sign-in's, a password change's. One count per application. */
    loginAttempts: LoginAttempts;
  }
  interface FastifyRequest {
    /** The caller's access-token claims; null for a visitor. */
    user: AccessClaims | null;
  }
}

/** JWT_SECRET, or one generated on the first start and kept in DATA_DIR for the next ones. */
export function jwtSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(64).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The bearer token of the Authorization header, if it has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null)?.[1];
}

export async function authenticate(request: FastifyRequest): Promise<AccessClaims> {
  const token = bearerToken(request);
  if (!token) throw new ApiError(401, request.headers.authorization ? 'token_invalid' : 'not_authenticated');
  const claims = await request.server.tokens.verifyAccess(token);
  request.user = claims;
  return claims;
}

export default sharedScope<{ config: AppConfig }>(async function auth(app, { config }) {
  app.decorate('tokens', createTokenService({
    db: app.db,
    secret: jwtSecret(config),
    accessTtl: config.accessTokenTtl,
    refreshTtl: config.refreshTokenTtl,
    reuseGraceSeconds: config.refreshReuseGraceSeconds,
  }));
  app.decorate('loginAttempts', loginAttempts({ counter: rateCounterOf(app), limit: config.loginFailuresPerAccount, secret: jwtSecret(config) }));
  app.decorateRequest('user', null);
});
