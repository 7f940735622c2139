// Registration requests, their one home (design §4-5): a visitor asks to become a dealer (POST,
// open and rate limited: `registrationRoutes`); staff list, read, approve or reject by one step, and
// delete (the area). Approving creates the dealer and its first user in one transaction and mails
// that user a link to set a password; rejecting mails the reason. Mail goes after the commit, so a
// refused or failed decision mails nothing; the mailer never loses a mail (outbox).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { Type, type Static } from 'typebox';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { RegistrationRequestsTable } from '../db/tables/registration-requests';
import { nowIso, toIso } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { createdBetween, defineArea } from '../lib/area';
import { auditActor, recordAudit } from '../lib/audit';
import { normalizeEmail } from '../lib/email';
import { bearerToken } from '../plugins/auth';
import { checkTransition, statusSchema } from '../lib/lifecycle';
import { historiesOf, historySchema, recordChange, StatusComment, withHistory, type StatusChange } from '../lib/status-history';
import type { Mail } from '../lib/mailer';
import { languageOf } from '../lib/messages';
import { notifyStaff, registrationNotice } from '../lib/notify';
import { rateLimitOf } from '../lib/rate-limits';
import { issueRestoreToken, restoreMail } from '../lib/restore-links';
import { Email, errorResponses, Nullable, RowId, Text, Timestamp } from '../schemas/common';
// The INN rule is the portal's too (the registration form checks it before sending). Imported by its
// file: the package's index would load the browser's store and i18n into the server.
import { isValidTaxId } from '../../../shared/src/tax-id';

export const RegistrationRequestStatusSchema = statusSchema('regreq');

/** A dealer, or another registration request, that has the INN of the one read. */
export const SameTaxIdSchema = Type.Object({
  kind: Type.Union([Type.Literal('dealer'), Type.Literal('request')]),
  id: Type.Integer(),
  /** The dealer's name or the request's company name. */
  name: Type.String(),
  /** A request's status. */
  status: Type.Optional(RegistrationRequestStatusSchema),
});

export const RegistrationRequestCreate = Type.Object({
  company_name: Text(300),
  tax_id: Type.String({ minLength: 4, maxLength: 32, pattern: '^[0-9A-Za-z][0-9A-Za-z /-]*$' }),
  contact_name: Text(200),
  email: Email,
  phone: Type.String({ minLength: 5, maxLength: 40, pattern: '^\\+?[0-9 ()-]+$' }),
  comment: Type.Optional(Type.String({ maxLength: 5000 })),
}, { additionalProperties: false });

export const RegistrationRequestSchema = Type.Object({
  id: Type.Integer(),
  company_name: Type.String(),
  tax_id: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  comment: Type.String(),
  status: RegistrationRequestStatusSchema,
  created_at: Timestamp,
  decided_at: Nullable(Timestamp),
  decision_reason: Type.String(),
  /** The dealer an approval created. */
  dealer: Nullable(Type.Integer()),
  history: historySchema('regreq'),
  /**
   * Dealers and other registration requests with the same INN, oldest first (staff's reads: a
   * visitor's answer to POST leaves it out). The dealer this request's approval created is not listed.
   */
  same_tax_id: Type.Optional(Type.Array(SameTaxIdSchema)),
});

type SameTaxId = Static<typeof SameTaxIdSchema>;
type RequestRow = Selectable<RegistrationRequestsTable>;

export const toRegistrationRequest = (row: RequestRow & { history: Array<StatusChange<'regreq'>>; same_tax_id?: SameTaxId[] }): Static<typeof RegistrationRequestSchema> => ({
  id: row.id, company_name: row.company_name, tax_id: row.tax_id, contact_name: row.contact_name, email: row.email, phone: row.phone,
  comment: row.comment, status: row.status, created_at: toIso(row.created_at), decided_at: toIso(row.decided_at ?? null),
  decision_reason: row.decision_reason ?? '', dealer: row.dealer_id ?? null, history: row.history,
  ...(row.same_tax_id && { same_tax_id: row.same_tax_id }),
});

/**
 * The dealers and other requests that share each request's INN (design §5: a registration flags a
 * dealer that already exists), two queries for a whole page. The dealer a request's own approval
 * made is that request's outcome, not a duplicate.
 */
async function withSameTaxId<R extends RequestRow>(db: Kysely<Database>, rows: R[]): Promise<Array<R & { same_tax_id: SameTaxId[] }>> {
  const taxIds = [...new Set(rows.map((row) => row.tax_id))];
  const [dealers, requests] = taxIds.length ? await Promise.all([
    db.selectFrom('dealers').select(['id', 'name', 'tax_id']).where('tax_id', 'in', taxIds).orderBy('id').execute(),
    db.selectFrom('registration_requests').select(['id', 'company_name', 'tax_id', 'status']).where('tax_id', 'in', taxIds).orderBy('id').execute(),
  ]) : [[], []];
  return rows.map((row) => ({
    ...row,
    same_tax_id: [
      ...dealers.filter((d) => d.tax_id === row.tax_id && d.id !== row.dealer_id).map((d): SameTaxId => ({ kind: 'dealer', id: d.id, name: d.name })),
      ...requests.filter((r) => r.tax_id === row.tax_id && r.id !== row.id).map((r): SameTaxId => ({ kind: 'request', id: r.id, name: r.company_name, status: r.status })),
    ],
  }));
}

function rejectionMail(to: string, reason: string, request: FastifyRequest): Mail {
  const because = reason.trim();
  return languageOf(request.headers['accept-language']) === 'en'
    ? { to, subject: 'Your dealer portal registration request', text: `Hello,\n\nwe are sorry: your registration request has been declined.${because ? `\n\nReason: ${because}` : ''}\n` }
    : { to, subject: 'Заявка на регистрацию в портале дилеров', text: `Здравствуйте!\n\nК сожалению, ваша заявка на регистрацию отклонена.${because ? `\n\nПричина: ${because}` : ''}\n` };
}

export const registrationRequests = defineArea({
  area: 'regreq',
  path: '/regreq/',
  table: 'registration_requests',
  item: RegistrationRequestSchema,
  select: (db: Kysely<Database>) => db.selectFrom('registration_requests').selectAll('registration_requests'),
  filters: {
    status: { schema: RegistrationRequestStatusSchema, column: 'registration_requests.status' },
    ...createdBetween('registration_requests.created_at'),
  },
  orderable: { id: 'registration_requests.id', created_at: 'registration_requests.created_at', company_name: 'registration_requests.company_name', status: 'registration_requests.status' },
  defaultOrdering: '-created_at',
  searchable: ['registration_requests.company_name', 'registration_requests.tax_id', 'registration_requests.contact_name', 'registration_requests.email'],
  expand: async (db, rows) => withSameTaxId(db, await withHistory(db, 'regreq', rows)),
  csvTitles: { same_tax_id: 'Тот же ИНН' },
  toItem: toRegistrationRequest,
  body: {
    status: RegistrationRequestStatusSchema,
    /** Mailed to the applicant with a rejection. */
    decision_reason: Type.Optional(Type.String({ maxLength: 5000 })),
    /** The dealer group an approval puts the new dealer in. */
    group: Type.Optional(Nullable(RowId)),
    /** Kept with the decision in the history; without it, the decision's reason is. */
    status_comment: StatusComment,
  },
  remove: 'row',
  async update({ trx, body, request, user: decidedBy, afterCommit }, current) {
    checkTransition('regreq', current.status, body.status);
    if (body.status === current.status) return;
    const now = nowIso();
    const decided = await trx.updateTable('registration_requests')
      .set({ status: body.status, decided_at: now, decision_reason: body.decision_reason?.trim() ?? '' })
      .where('id', '=', current.id).where('status', '=', 'new').executeTakeFirst();
    // Someone else decided it a moment ago.
    if (Number(decided.numUpdatedRows) !== 1) throw new ApiError(409, 'status_transition', { status: ['status_transition'] });
    await recordChange(trx, 'regreq', current.id, {
      from: 'new', to: body.status, by: decidedBy.user_id, at: now, comment: body.status_comment?.trim() || body.decision_reason,
    });
    const language = languageOf(request.headers['accept-language']);

    const actor = auditActor(request);
    if (body.status === 'rejected') {
      await recordAudit(trx, { actor, action: 'regreq.rejected', target_id: current.id, details: { company_name: current.company_name, tax_id: current.tax_id, reason: body.decision_reason?.trim() ?? '' } });
      afterCommit(rejectionMail(current.email, body.decision_reason ?? '', request));
      return;
    }
    const taken = await trx.selectFrom('users').select('id').where('email', '=', current.email).executeTakeFirst();
    if (taken) throw new ApiError(409, 'duplicate', { email: ['duplicate'] });
    const dealer = await trx.insertInto('dealers').values({
      name: current.company_name, legal_name: current.company_name, tax_id: current.tax_id, group_id: body.group ?? null,
      email: current.email, phone: current.phone, address: '', is_active: true, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const [firstName, ...rest] = current.contact_name.trim().split(/\s+/);
    const user = await trx.insertInto('users').values({
      email: current.email, password_hash: '', first_name: firstName ?? '', last_name: rest.join(' '), role: 'dealer',
      dealer_id: dealer.id, is_active: true, contract_signed: false, date_joined: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('registration_requests').set({ dealer_id: dealer.id }).where('id', '=', current.id).execute();
    await recordAudit(trx, { actor, action: 'regreq.approved', target_id: current.id, details: { company_name: current.company_name, tax_id: current.tax_id, dealer: dealer.id, user: user.id } });
    await recordAudit(trx, { actor, action: 'user.created', target_id: user.id, details: { user_email: current.email, role: 'dealer', dealer: dealer.id, regreq: current.id } });
    const token = await issueRestoreToken(trx, user.id);
    afterCommit(restoreMail(current.email, `${request.server.config.publicUrl}/restore/${token}`, language, 'welcome'));
  },
});

/** A visitor's request (POST /regreq/); registered before the area, as the OpenAPI document lists them. */
export const registrationRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.post('/regreq/', {
    config: { permission: { area: 'regreq', action: 'create' }, rateLimit: rateLimitOf(config.rateLimits.regreq) },
    schema: { body: RegistrationRequestCreate, response: { 201: RegistrationRequestSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
    if (!isValidTaxId(body.tax_id)) throw new ApiError(400, 'invalid', { tax_id: ['field_tax_id'] });
    const now = nowIso();
    const mails: Mail[] = [];
    // The route is open, so a token is not checked; a staff member who sends one is not mailed about it.
    const token = bearerToken(request);
    const actor = token ? (await app.tokens.verifyAccess(token).catch(() => null))?.user_id ?? null : null;
    const row = await app.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('registration_requests').values({
        company_name: body.company_name.trim(),
        tax_id: body.tax_id.trim(),
        contact_name: body.contact_name.trim(),
        email: normalizeEmail(body.email),
        phone: body.phone.trim(),
        comment: body.comment?.trim() ?? '',
        decision_reason: '',
        status: 'new',
        created_at: now,
      }).returningAll().executeTakeFirstOrThrow();
      // A visitor's request: nobody signed in made it.
      await recordChange(trx, 'regreq', inserted.id, { from: null, to: 'new', by: null, at: now });
      // Staff hear of it.
      await notifyStaff({ trx, afterCommit: (mail) => mails.push(mail), publicUrl: config.publicUrl, actor }, registrationNotice(inserted));
      return inserted;
    });
    for (const mail of mails) await app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'mail failed'));
    return reply.status(201).send(toRegistrationRequest({ ...row, history: (await historiesOf(app.db, 'regreq', [row.id])).get(row.id) ?? [] }));
  });
};
