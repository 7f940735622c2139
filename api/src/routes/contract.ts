// The dealer agreement (design §5): its current version, whether the caller signed it (or only an
// earlier one: the agreement has changed), signing it, and for the admin every version with who
// signed it and when. After signing, the portal refreshes its tokens to get the new `contract_signed` claim;
// the API itself never trusts that claim: every request reads whether the caller signed the current
// version from the database (lib/tokens.ts), so an old token creates nothing after a new version.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { toIso } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { auditActor } from '../lib/audit';
import type { MessageCode } from '../lib/messages';
import { currentContractVersion, dealersToSign, publishAgreement, signContract } from '../repositories/contract';
import { errorResponses } from '../schemas/common';
import { ContractSchema, ContractVersionSignaturesSchema, MustSignSchema, PublicationBody, PublishedSchema, SignResponse } from '../schemas/contract';

const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The caller's signatures, newest version first. */
  const signaturesOf = (userId: number) => app.db.selectFrom('contract_signatures as s')
    .innerJoin('contract_versions as v', 'v.id', 's.version_id')
    .select(['v.id as version_id', 'v.number', 's.signed_at']).where('s.user_id', '=', userId)
    .orderBy('v.number', 'desc').execute();

  app.get('/contract/', {
    config: { permission: { area: 'contract', action: 'read' } },
    schema: { response: { 200: ContractSchema, ...errorResponses } },
  }, async (request) => {
    const [version, signatures] = await Promise.all([currentContractVersion(app.db), signaturesOf(request.user!.user_id)]);
    const current = version && signatures.find((s) => s.version_id === version.id);
    // One who signed an earlier version sees it beside the new one.
    const earlier = current ? null : signatures[0];
    const earlierText = earlier
      ? (await app.db.selectFrom('contract_versions').select('text').where('id', '=', earlier.version_id).executeTakeFirst())?.text ?? null
      : null;
    return {
      text: version?.text ?? '',
      version: version ? { number: version.number, created_at: toIso(version.created_at) } : null,
      signed: Boolean(current),
      signed_at: current ? toIso(current.signed_at) : null,
      earlier_signed_version: earlier?.number ?? null,
      summary: version?.summary ?? '',
      earlier_signed_text: earlierText,
    };
  });

  app.post('/contract/sign/', {
    config: { permission: { area: 'contract', action: 'sign' } },
    // No body: signing takes no input (a body, if any, is ignored).
    schema: { response: { 200: SignResponse, ...errorResponses } },
  }, async (request) => {
    const userId = request.user!.user_id;
    const signedAt = await app.db.transaction().execute(async (trx) => {
      const version = await currentContractVersion(trx);
      // Nothing to sign until the admin has written the agreement.
      if (!version) throw new ApiError(409, 'conflict');
      await signContract(trx, userId, version.id);
      return (await trx.selectFrom('contract_signatures').select('signed_at')
        .where('user_id', '=', userId).where('version_id', '=', version.id).executeTakeFirstOrThrow()).signed_at;
    });
    return { signed: true as const, signed_at: toIso(signedAt) };
  });

  // Who signed which version, for the admin: read with the variables, where the agreement is written.
  app.get('/contract/versions/', {
    config: { permission: { area: 'variables', action: 'read' } },
    schema: { response: { 200: Type.Array(ContractVersionSignaturesSchema), ...errorResponses } },
  }, async () => {
    const [versions, signatures] = await Promise.all([
      app.db.selectFrom('contract_versions as v').leftJoin('users as a', 'a.id', 'v.created_by')
        .select(['v.id', 'v.number', 'v.created_at', 'v.summary', 'a.first_name', 'a.last_name', 'a.email'])
        .orderBy('v.number', 'desc').execute(),
      app.db.selectFrom('contract_signatures as s').innerJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('dealers as d', 'd.id', 'u.dealer_id')
        .select(['s.version_id', 's.signed_at', 'u.id as user_id', 'u.email', 'u.first_name', 'u.last_name', 'd.name as dealer'])
        .orderBy('s.signed_at', 'desc').orderBy('s.id', 'desc').execute(),
    ]);
    const fullName = (first: string | null, last: string | null, email: string | null) => [first, last].filter(Boolean).join(' ') || email || null;
    return versions.map((v) => ({
      number: v.number,
      created_at: toIso(v.created_at),
      created_by: v.email ? fullName(v.first_name, v.last_name, v.email) : null,
      summary: v.summary,
      signatures: signatures.filter((s) => s.version_id === v.id).map((s) => ({
        user_id: s.user_id, email: s.email, name: fullName(s.first_name, s.last_name, s.email) ?? s.email, dealer: s.dealer, signed_at: toIso(s.signed_at),
      })),
    }));
  });

  // The agreement as a publication (issue 18 item 6): before publishing, how many dealer users will
  // have to sign; then the new text with what changed, written by the admin (with the variables).
  app.get('/contract/must-sign/', {
    config: { permission: { area: 'variables', action: 'read' } },
    schema: { response: { 200: MustSignSchema, ...errorResponses } },
  }, async () => ({ must_sign: await dealersToSign(app.db) }));

  app.post('/contract/versions/', {
    config: { permission: { area: 'variables', action: 'create' } },
    schema: { body: PublicationBody, response: { 201: PublishedSchema, ...errorResponses } },
  }, async (request, reply) => {
    const text = request.body.text;
    const summary = request.body.summary.trim();
    const fields: Record<string, MessageCode[]> = {};
    if (text.trim() === '') fields.text = ['field_required'];
    if (summary === '') fields.summary = ['field_required'];
    if (Object.keys(fields).length > 0) throw new ApiError(400, 'invalid', fields);
    const published = await app.db.transaction().execute(async (trx) => {
      if ((await currentContractVersion(trx))?.text === text) throw new ApiError(409, 'agreement_unchanged');
      const version = await publishAgreement(trx, { text, summary, authorId: request.user!.user_id, actor: auditActor(request) });
      const row = await trx.selectFrom('contract_versions').select(['number', 'created_at']).where('number', '=', version!.number).executeTakeFirstOrThrow();
      return { number: row.number, created_at: toIso(row.created_at), summary, must_sign: version!.must_sign };
    });
    return reply.code(201).send(published);
  });
};

export default contractRoutes;
