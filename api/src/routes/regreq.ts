// Registration requests: a visitor asks to become a dealer (open, rate limited). Staff handle them
// in areas/regreq.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../config';
import { toRegistrationRequest } from '../areas/regreq';
import { nowIso } from '../db/dialect';
import { rateLimitOf } from '../lib/rate-limits';
import { historiesOf, recordChange } from '../lib/status-history';
import { normalizeEmail } from '../repositories/users';
import { errorResponses } from '../schemas/common';
import { ApiError } from '../lib/api-error';
// The INN rule is the portal's too (the registration form checks it before sending). Imported by its
// file: the package's index would load the browser's store and i18n into the server.
import { isValidTaxId } from '../../../shared/src/tax-id';
import { RegistrationRequestCreate, RegistrationRequestSchema } from '../schemas/regreq';

const regreqRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.post('/regreq/', {
    config: { permission: { area: 'regreq', action: 'create' }, rateLimit: rateLimitOf(config.rateLimits.regreq) },
    schema: { body: RegistrationRequestCreate, response: { 201: RegistrationRequestSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
    if (!isValidTaxId(body.tax_id)) throw new ApiError(400, 'invalid', { tax_id: ['field_tax_id'] });
    const now = nowIso();
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
      return inserted;
    });
    return reply.status(201).send(toRegistrationRequest({ ...row, history: (await historiesOf(app.db, 'regreq', [row.id])).get(row.id) ?? [] }));
  });
};

export default regreqRoutes;
