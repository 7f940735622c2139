// Users (design §4), their one home: the User as the API answers it, reading users, the admin's
// list and reads (an area), the current user at /api/users/me/, and the admin's writes: create a
// user, who gets a set-password link by mail; change names, role, dealer and state; mail a new link.
// The admin lists and reads every user; anyone else reads only itself by id. A dealer or a manager
// has no grant for the writes, so the permission hook answers 404.
//
// Rules: a dealer user belongs to a dealer and a staff user to none; nobody deactivates themself;
// there is always an active admin; deactivation (and a new role or dealer, which the tokens carry)
// ends the user's sessions with the change: its refresh and access tokens are refused by every API
// process at once (lib/tokens.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import type { Role, UsersTable } from '../db/tables/users';
import { nowIso, toBool, toIso } from '../db/dialect';
import { ApiError, notFound } from '../lib/api-error';
import { defineArea } from '../lib/area';
import { auditActor, recordAudit } from '../lib/audit';
import { normalizeEmail } from '../lib/email';
import type { Mail } from '../lib/mailer';
import { languageOf, message, type Language, type MessageCode } from '../lib/messages';
import { issueRestoreToken, restoreMail } from '../lib/restore-links';
import { Email, errorResponses, IdParams, Nullable, RowId, Text, Timestamp, writeBody } from '../schemas/common';

export const RoleSchema = Type.Enum(['dealer', 'manager', 'admin'], { type: 'string' });

export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Email,
  first_name: Type.String(),
  last_name: Type.String(),
  role: RoleSchema,
  is_staff: Type.Boolean(),
  dealer: Nullable(Type.Integer()),
  is_active: Type.Boolean(),
  contract_signed: Type.Boolean(),
  date_joined: Timestamp,
  last_login: Nullable(Timestamp),
});

export type User = Static<typeof UserSchema>;
export type UserRow = Selectable<UsersTable>;

/** A user row as the API answers it (never the table row itself). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    is_staff: row.role !== 'dealer',
    dealer: row.dealer_id,
    is_active: toBool(row.is_active),
    contract_signed: toBool(row.contract_signed),
    date_joined: toIso(row.date_joined),
    last_login: toIso(row.last_login),
  };
}

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** The admin's list of users and one user by id. */
export const users = defineArea({
  area: 'users',
  path: '/users/',
  table: 'users',
  item: UserSchema,
  select: (db: Kysely<Database>) => db.selectFrom('users').selectAll('users'),
  own: (query, user) => query.where('users.id', '=', user.user_id),
  filters: {
    role: { schema: RoleSchema, column: 'users.role' },
    dealer: { schema: RowId, column: 'users.dealer_id' },
    is_active: { schema: Type.Boolean(), column: 'users.is_active' },
  },
  orderable: { id: 'users.id', email: 'users.email', last_name: 'users.last_name', date_joined: 'users.date_joined', last_login: 'users.last_login' },
  nullable: ['users.last_login'],
  defaultOrdering: 'email',
  searchable: ['users.email', 'users.first_name', 'users.last_name'],
  toItem: toUser,
  // The admin's writes (create, change, send a link) have rules of their own (userRoutes below): no
  // body, no `remove` here, so this area makes no POST, PUT or DELETE route.
});

/** The refusals of these rules (their words in lib/messages.ts). */
type Refusal = Extract<MessageCode, 'user_self_deactivation' | 'user_last_admin' | 'user_inactive' | 'dealer_required' | 'dealer_forbidden' | 'dealer_unknown'>;

/** A refusal with its own words; `field` puts it on that field of the form (a 400). */
class UserRuleError extends Error {
  constructor(readonly statusCode: 400 | 409, readonly code: Refusal, readonly field?: string) {
    super(code);
  }
}

function sendRefusal(reply: FastifyReply, error: UserRuleError) {
  const text = message(error.code, languageOf(reply.request.headers['accept-language']));
  return reply.status(error.statusCode).send(error.field
    ? { message: text, code: 'invalid', fields: { [error.field]: [text] } }
    : { message: text, code: error.code });
}

const writable = {
  first_name: Type.String({ maxLength: 150 }),
  last_name: Type.String({ maxLength: 150 }),
  role: RoleSchema,
  /** Required for a dealer user, null (or absent) for staff. */
  dealer: Type.Optional(Nullable(RowId)),
  is_active: Type.Optional(Type.Boolean()),
};
/** PUT: the user as the portal has it; the email (its sign-in name) and the other read-only fields are ignored. */
const UserBody = writeBody(UserSchema, writable);
/** POST: a new user's email and names are required. */
const NewUserBody = writeBody(UserSchema, { ...writable, email: Email, first_name: Text(150), last_name: Text(150) });
const SentSchema = Type.Object({ message: Type.String() });

type UserBodyValue = Static<typeof UserBody>;

/** The dealer a user of this role belongs to: required and existing for a dealer user, none for staff. */
async function dealerFor(db: Kysely<Database>, role: Role, dealer: number | null | undefined): Promise<number | null> {
  if (role !== 'dealer') {
    if (dealer !== null && dealer !== undefined) throw new UserRuleError(400, 'dealer_forbidden', 'dealer');
    return null;
  }
  if (dealer === null || dealer === undefined) throw new UserRuleError(400, 'dealer_required', 'dealer');
  const found = await db.selectFrom('dealers').select('id').where('id', '=', dealer).executeTakeFirst();
  if (!found) throw new UserRuleError(400, 'dealer_unknown', 'dealer');
  return found.id;
}

/** The mail to a user the admin has just created: the link sets the first password. */
function invitationMail(to: string, link: string, language: Language): Mail {
  return language === 'en'
    ? { to, subject: 'Your dealer portal account', text: `Hello,\n\nan account has been created for you in the dealer portal. To set your password, open this link within 24 hours:\n\n${link}\n` }
    : { to, subject: 'Доступ к порталу дилеров', text: `Здравствуйте!\n\nДля вас создана учётная запись в портале дилеров. Чтобы задать пароль, откройте ссылку в течение 24 часов:\n\n${link}\n` };
}

/** Whether an active admin other than this user remains. */
async function anotherActiveAdmin(trx: Transaction<Database>, userId: number): Promise<boolean> {
  const other = await trx.selectFrom('users').select('id').where('role', '=', 'admin').where('is_active', '=', true).where('id', '<>', userId).limit(1).executeTakeFirst();
  return other !== undefined;
}

/** /users/me/ and the admin's writes; registered before the area, as the OpenAPI document lists them. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const linkOf = (token: string) => `${app.config.publicUrl}/restore/${token}`;
  const refusing = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof UserRuleError) return sendRefusal(reply, err);
      throw err;
    }
  };

  app.post('/users/', {
    config: { permission: { area: 'users', action: 'create' } },
    schema: { body: NewUserBody, response: { 201: UserSchema, ...errorResponses } },
  }, async (request, reply) => refusing(reply, async () => {
    const body = request.body;
    const email = normalizeEmail(body.email);
    const language = languageOf(request.headers['accept-language']);
    const { id, token } = await app.db.transaction().execute(async (trx) => {
      const dealerId = await dealerFor(trx, body.role, body.dealer);
      const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (taken) throw new ApiError(409, 'duplicate', { email: ['duplicate'] });
      const user = await trx.insertInto('users').values({
        email, password_hash: '', first_name: body.first_name.trim(), last_name: body.last_name.trim(), role: body.role,
        dealer_id: dealerId, is_active: true, contract_signed: false, date_joined: nowIso(),
      }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, { actor: auditActor(request), action: 'user.created', target_id: user.id, details: { user_email: email, role: body.role, dealer: dealerId } });
      return { id: user.id, token: await issueRestoreToken(trx, user.id) };
    });
    // Mailed once the user exists; the mailer keeps what it cannot send in its outbox.
    await app.mailer.send(invitationMail(email, linkOf(token), language)).catch((err: unknown) => request.log.error({ err }, 'mail failed'));
    return reply.status(201).send(toUser((await findUserById(app.db, id))!));
  }));

  app.put('/users/:id/', {
    config: { permission: { area: 'users', action: 'update' } },
    schema: { params: IdParams, body: UserBody, response: { 200: UserSchema, ...errorResponses } },
  }, async (request, reply) => refusing(reply, async () => {
    const { id } = request.params;
    const body: UserBodyValue = request.body;
    await app.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      const wasActive = toBool(current.is_active);
      const active = body.is_active ?? wasActive;
      if (!active && id === request.user!.user_id) throw new UserRuleError(409, 'user_self_deactivation');
      const dealerId = await dealerFor(trx, body.role, body.dealer);
      const losesAdmin = current.role === 'admin' && wasActive && (body.role !== 'admin' || !active);
      if (losesAdmin && !(await anotherActiveAdmin(trx, id))) throw new UserRuleError(409, 'user_last_admin');
      await trx.updateTable('users').set({
        first_name: body.first_name.trim(), last_name: body.last_name.trim(), role: body.role, dealer_id: dealerId, is_active: active,
      }).where('id', '=', id).execute();
      // The tokens carry the role and the dealer: a user given others signs in anew, as one deactivated must.
      const moved = body.role !== current.role || dealerId !== current.dealer_id;
      if ((wasActive && !active) || moved) await app.tokens.endSessions(id, trx);
      const actor = auditActor(request);
      const about = { user_email: current.email };
      if (body.role !== current.role) await recordAudit(trx, { actor, action: 'user.role_changed', target_id: id, details: { ...about, from: current.role, to: body.role } });
      if (dealerId !== current.dealer_id) await recordAudit(trx, { actor, action: 'user.dealer_changed', target_id: id, details: { ...about, from: current.dealer_id, to: dealerId } });
      if (wasActive !== active) await recordAudit(trx, { actor, action: active ? 'user.activated' : 'user.deactivated', target_id: id, details: about });
    });
    return toUser((await findUserById(app.db, id))!);
  }));

  app.post('/users/:id/send-link/', {
    config: { permission: { area: 'users', action: 'update' } },
    schema: { params: IdParams, response: { 200: SentSchema, ...errorResponses } },
  }, async (request, reply) => refusing(reply, async () => {
    const user = await findUserById(app.db, request.params.id);
    if (!user) throw notFound();
    if (!toBool(user.is_active)) throw new UserRuleError(409, 'user_inactive');
    const language = languageOf(request.headers['accept-language']);
    const token = await issueRestoreToken(app.db, user.id);
    await recordAudit(app.db, { actor: auditActor(request), action: 'user.password_reset_sent', target_id: user.id, details: { user_email: user.email, via: 'admin' } });
    await app.mailer.send(restoreMail(user.email, linkOf(token), language, 'restore')).catch((err: unknown) => request.log.error({ err }, 'mail failed'));
    return { message: language === 'en' ? `A sign-in link has been sent to ${user.email}.` : `Ссылка для входа отправлена на ${user.email}.` };
  }));
};
