// The signed-in user's own profile (issue 19 item 5, design §6), routes beside the users area: `GET|PUT /api/users/me/` — names,
// phone, the interface language and theme (kept here so they follow the user to another computer)
// and the notification kinds — and `POST /api/users/me/password/`. Every role has it, also before
// signing the agreement. What the user may not change of itself (email, role, dealer, state) is not
// a field here: sent anyway it is a 400 naming the field, never a silent change.
//
// A password change asks for the current password (a wrong one is 400 on `current_password`, counted
// like a failed login), ends every session of the user, and answers a new token pair for this one:
// the browser that changed it stays signed in, every other is signed out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError, notFound } from '../lib/api-error';
import { auditActor, recordAudit } from '../lib/audit';
import { languageOf, message } from '../lib/messages';
import { NOTIFICATION_KINDS, notificationsOf, storedNotifications, type Notifications } from '../lib/notifications';
import { hashHolders, hashPassword, verifyPassword } from '../lib/passwords';
import { rateLimitOf } from '../lib/rate-limits';
import { errorResponses } from '../schemas/common';
import { findUserById, toUser, UserSchema, type UserRow } from '../areas/users';

const LanguageSchema = Type.Enum(['ru', 'en'], { type: 'string' });
const ThemeSchema = Type.Enum(['default', 'dark'], { type: 'string' });
const NotificationsSchema = Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, Type.Boolean()])) as Record<(typeof NOTIFICATION_KINDS)[number], ReturnType<typeof Type.Boolean>>,
);
/** A phone as the registration form takes it (digits, spaces, brackets, dashes, a leading +), or '' for none. */
const Phone = Type.String({ maxLength: 40, pattern: '^(\\+?[0-9 ()-]{5,40})?$' });

export const ProfileSchema = Type.Intersect([
  UserSchema,
  Type.Object({ phone: Type.String(), language: LanguageSchema, theme: ThemeSchema, notifications: NotificationsSchema }),
]);

const ProfileChange = Type.Object({
  first_name: Type.Optional(Type.String({ maxLength: 150 })),
  last_name: Type.Optional(Type.String({ maxLength: 150 })),
  phone: Type.Optional(Phone),
  language: Type.Optional(LanguageSchema),
  theme: Type.Optional(ThemeSchema),
  notifications: Type.Optional(Type.Partial(NotificationsSchema, { additionalProperties: false })),
}, { additionalProperties: false });

const PasswordChange = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
}, { additionalProperties: false });

const PasswordChanged = Type.Object({ message: Type.String(), access: Type.String(), refresh: Type.String() });

function toProfile(row: UserRow) {
  return {
    ...toUser(row), phone: row.phone, language: row.language, theme: row.theme, notifications: notificationsOf(row.notifications),
  };
}

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = app.config;

  app.get('/users/me/', {
    config: { permission: { area: 'me', action: 'read' } },
    schema: { response: { 200: ProfileSchema, ...errorResponses } },
  }, async (request) => {
    const row = await findUserById(app.db, request.user!.user_id);
    if (!row) throw notFound();
    return toProfile(row);
  });

  app.put('/users/me/', {
    config: { permission: { area: 'me', action: 'update' } },
    schema: { body: ProfileChange, response: { 200: ProfileSchema, ...errorResponses } },
  }, async (request) => {
    const id = request.user!.user_id;
    const body = request.body;
    const row = await app.db.transaction().execute(async (trx) => {
      // Two saves at once each keep the other's kinds: the row is locked (SQLite has one writer anyway).
      let read = trx.selectFrom('users').select('notifications').where('id', '=', id);
      if (app.dialect === 'postgres') read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) throw notFound();
      const changes = {
        ...(body.first_name !== undefined ? { first_name: body.first_name.trim() } : {}),
        ...(body.last_name !== undefined ? { last_name: body.last_name.trim() } : {}),
        ...(body.phone !== undefined ? { phone: body.phone.trim() } : {}),
        ...(body.language !== undefined ? { language: body.language } : {}),
        ...(body.theme !== undefined ? { theme: body.theme } : {}),
        ...(body.notifications !== undefined ? { notifications: storedNotifications(current.notifications, body.notifications as Partial<Notifications>) } : {}),
      };
      if (Object.keys(changes).length) await trx.updateTable('users').set(changes).where('id', '=', id).execute();
      return findUserById(trx, id);
    });
    if (!row) throw notFound();
    return toProfile(row);
  });

  app.post('/users/me/password/', {
    config: { permission: { area: 'me', action: 'update' }, rateLimit: rateLimitOf(config.rateLimits.login) },
    schema: { body: PasswordChange, response: { 200: PasswordChanged, ...errorResponses } },
  }, async (request, reply) => {
    const id = request.user!.user_id;
    const row = await findUserById(app.db, id);
    if (!row) throw notFound();
    // Counted as a sign-in is: past the account's limit, 429 before any hash.
    const attempt = await app.loginAttempts.begin(request, reply, row.email);
    const holders = hashHolders(request, id);
    if (!row.password_hash || !(await verifyPassword(request.body.current_password, row.password_hash, holders))) {
      throw new ApiError(400, 'invalid', { current_password: ['current_password_wrong'] });
    }
    await attempt.signedIn();
    const passwordHash = await hashPassword(request.body.password, config.scryptLog2N, holders);
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
      // Every session ends, this one's too; the pair below is this browser's new session.
      await app.tokens.endSessions(id, trx);
      await recordAudit(trx, { actor: auditActor(request), action: 'user.password_changed', target_id: id, details: { user_email: row.email } });
    });
    const pair = await app.tokens.issue(row);
    return { message: message('password_changed_here', languageOf(request.headers['accept-language'])), ...pair };
  });
};
