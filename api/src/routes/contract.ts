// The dealer agreement: its text (the `contract_text` variable) and whether the caller signed it.
// After signing, the portal refreshes its tokens to get the new `contract_signed` claim.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nowIso, toBool, toIso } from '../db/dialect';
import { notFound } from '../lib/api-error';
import { findUserById } from '../repositories/users';
import { variableValue } from '../repositories/variables';
import { errorResponses } from '../schemas/common';
import { ContractSchema, SignResponse } from '../schemas/contract';

const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/contract/', {
    config: { permission: { area: 'contract', action: 'read' } },
    schema: { response: { 200: ContractSchema, ...errorResponses } },
  }, async (request) => {
    const user = await findUserById(app.db, request.user!.user_id);
    if (!user) throw notFound();
    return {
      text: (await variableValue(app.db, 'contract_text')) ?? '',
      signed: toBool(user.contract_signed),
      signed_at: toIso(user.contract_signed_at),
    };
  });

  app.post('/contract/sign/', {
    config: { permission: { area: 'contract', action: 'sign' } },
    // No body: signing takes no input (a body, if any, is ignored).
    schema: { response: { 200: SignResponse, ...errorResponses } },
  }, async (request) => {
    const userId = request.user!.user_id;
    // Signing twice keeps the first signature's time.
    await app.db.updateTable('users').set({ contract_signed: true, contract_signed_at: nowIso() })
      .where('id', '=', userId).where('contract_signed', '=', false).execute();
    const user = await findUserById(app.db, userId);
    if (!user?.contract_signed_at) throw notFound();
    return { signed: true as const, signed_at: toIso(user.contract_signed_at) };
  });
};

export default contractRoutes;
