// The remotes' releases (design §3 "Releases", §6): upload through the gate, activate under
// If-Match, roll back, read; deploy keys; the run-time registry; local overrides. Who may call
// what is the permission table's `releases`, `deploykeys`, `remoteregistry` and `remoteoverrides`
// (a deploy key reaches its own remote's `releases` only, see plugins/permissions.ts).
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../lib/api-error';
import { auditActor, recordAudit } from '../lib/audit';
import { languageOf, message } from '../lib/messages';
import { ArchiveError, extractRelease, type UnpackedFile } from '../lib/releases/archive';
import { createDeployKey, listDeployKeys, revokeDeployKey } from '../lib/releases/deploy-keys';
import { checkRelease, type GateReason } from '../lib/releases/gate';
import {
  applyOverrides, overrideCookie, overrideOriginAllowed, signOverrides,
} from '../lib/releases/overrides';
import {
  activateRelease, expectedLive, pruneReleases, registerRelease, releaseJson, remoteState, remoteStates, rollbackRelease, temporaryFolder,
  type ActivationResult, type RollbackResult,
} from '../lib/releases/release-store';
import { errorResponses } from '../schemas/common';
import {
  ActivateBody, CreatedDeployKeySchema, DeployKeyParams, DeployKeySchema, IncompatibleBody, NewDeployKeyBody, OverrideBody,
  OverrideQuery, OverridesSchema, RegistrySchema, ReleaseSchema, ReleaseUploadBody, RemoteParams, RemoteStateSchema, releaseErrors,
} from '../schemas/remotes';
import { Type } from 'typebox';

const UPLOAD_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];
/** At most this many files in one release. */
const MAX_RELEASE_FILES = 10_000;

/** Who made a change, as a release's history shows it. */
function actorOf(request: FastifyRequest): string {
  if (request.deployKey) return `key:${request.deployKey.name}`;
  return request.user?.email ?? 'unknown';
}

function refuseActivation(result: Exclude<ActivationResult | RollbackResult, { ok: true }>): never {
  switch (result.reason) {
    case 'unknown_release': throw notFound();
    case 'files_gone': throw new ApiError(409, 'release_files_gone');
    case 'no_previous': throw new ApiError(409, 'no_previous_release');
    case 'moved': throw new ApiError(412, 'precondition_failed');
  }
}

const remotesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = app.config;
  const files = app.releases.files;
  const MB = 1024 * 1024;
  const archiveLimits = {
    maxFiles: MAX_RELEASE_FILES,
    maxFileBytes: config.releaseFileLimitMb * MB,
    maxBytes: config.releaseLimitMb * MB,
    maxUploadBytes: config.releaseUploadLimitMb * MB,
  };
  // The upload is not read here: the route streams it to disk (lib/releases/archive.ts).
  app.addContentTypeParser(UPLOAD_TYPES, (_request, payload, done) => done(null, payload));
  /** The remotes with an upload under way in this process: one at a time each (issue 30 item 3). */
  const uploading = new Set<string>();

  const requireRemote = async (name: string) => {
    const remote = await app.db.selectFrom('remotes').select('name').where('name', '=', name).executeTakeFirst();
    if (!remote) throw notFound();
  };
  const stateOf = async (name: string) => (await remoteState(app.db, name))!;

  app.get('/remotes/', {
    config: { permission: { area: 'releases', action: 'list' } },
    schema: { response: { 200: Type.Array(RemoteStateSchema), ...errorResponses } },
  }, async (request) => remoteStates(app.db, request.deployKey ? [request.deployKey.remote] : undefined));

  app.get('/remotes/registry/', {
    config: { permission: { area: 'remoteregistry', action: 'read' } },
    schema: { response: { 200: RegistrySchema, ...errorResponses } },
  }, async (request) => {
    const role = request.user!.role;
    const overrides = await app.releases.overridesOf(request.headers.cookie);
    const remotes = (await app.releases.registry.remotes(app.db)).filter((remote) => remote.roles.includes(role));
    return { remotes: applyOverrides(remotes, overrides?.user === request.user!.user_id ? overrides : null) };
  });

  app.get('/remotes/:name/releases/', {
    config: { permission: { area: 'releases', action: 'list' } },
    schema: { params: RemoteParams, response: { 200: Type.Array(ReleaseSchema), ...errorResponses } },
  }, async (request) => {
    await requireRemote(request.params.name);
    return (await stateOf(request.params.name)).releases;
  });

  app.post('/remotes/:name/releases/', {
    config: { permission: { area: 'releases', action: 'create' } },
    // The bytes are checked by extractRelease and the gate; the schema is for the OpenAPI document.
    validatorCompiler: () => (value) => ({ value }),
    schema: {
      consumes: UPLOAD_TYPES,
      params: RemoteParams,
      body: ReleaseUploadBody,
      response: { 201: ReleaseSchema, 422: IncompatibleBody, ...errorResponses, ...releaseErrors },
    },
  }, async (request, reply) => {
    const { name } = request.params;
    await requireRemote(name);
    const body = request.body as unknown;
    if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
    const declared = Number(request.headers['content-length']);
    if (declared > archiveLimits.maxUploadBytes) {
      throw new ApiError(413, 'archive_too_large', undefined, { reason: `the upload is over ${config.releaseUploadLimitMb} MB` });
    }
    if (uploading.has(name)) throw new ApiError(409, 'upload_in_progress');
    const folder = temporaryFolder(files, name);
    uploading.add(name);
    // The answer goes out once the unpacking folder is gone: a client that reads the releases next finds none of it.
    let answer:
      | { status: 422; body: { code: 'incompatible'; message: string; reasons: Array<{ code: GateReason['code']; message: string }> } }
      | { status: 201; body: ReturnType<typeof releaseJson> };
    try {
      let unpacked: UnpackedFile[];
      try {
        unpacked = await extractRelease(body, folder, archiveLimits);
      } catch (error) {
        if (!(error instanceof ArchiveError)) throw error;
        throw error.kind === 'too_large'
          ? new ApiError(413, 'archive_too_large', undefined, { reason: error.reason })
          : new ApiError(400, 'bad_archive', undefined, { reason: error.reason });
      }
      const gate = await checkRelease(folder, name, app.releases.host());
      const language = languageOf(request.headers['accept-language']);
      if (!gate.ok) {
        answer = {
          status: 422,
          // Every word in the caller's language: the gate's reasons too.
          body: { code: 'incompatible' as const, message: message('incompatible', language), reasons: gate.reasons.map((reason) => ({ code: reason.code, message: reason.words[language] })) },
        };
      } else {
        const release = await registerRelease(app.db, files, { remote: name, folder, accepted: gate.release, createdBy: actorOf(request) });
        // What was unpacked, as it streamed in: how many files, their bytes, and the remoteEntry's sha256.
        const entry = unpacked.find((file) => file.path === gate.release.remoteEntry);
        await recordAudit(app.db, {
          actor: auditActor(request), action: 'release.uploaded', target_id: release.id,
          details: { remote: name, version: release.version, git_sha: release.git_sha, files: unpacked.length, bytes: unpacked.reduce((sum, file) => sum + file.size, 0), remote_entry_sha256: entry?.sha256 ?? null },
        });
        await pruneReleases(app.db, files, name);
        const live = await app.db.selectFrom('remotes').select('live_release').where('name', '=', name).executeTakeFirstOrThrow();
        const files_kept = (await app.db.selectFrom('remote_releases').select('files_kept').where('id', '=', release.id).executeTakeFirstOrThrow()).files_kept;
        answer = { status: 201, body: releaseJson({ ...release, files_kept }, live.live_release) };
      }
    } finally {
      uploading.delete(name);
      await rm(folder, { recursive: true, force: true });
    }
    return answer.status === 422 ? reply.status(422).send(answer.body) : reply.status(201).send(answer.body);
  });

  const ifMatchHeader = Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 200 })) });

  app.post('/remotes/:name/live/', {
    config: { permission: { area: 'releases', action: 'update' } },
    schema: {
      params: RemoteParams,
      headers: ifMatchHeader,
      body: ActivateBody,
      response: { 200: RemoteStateSchema, ...errorResponses, ...releaseErrors },
    },
  }, async (request) => {
    const { name } = request.params;
    await requireRemote(name);
    const expected = expectedLive(request.headers['if-match']);
    if (expected === undefined) throw new ApiError(428, 'precondition_required');
    const result = await activateRelease(app.db, { remote: name, release: request.body.release, expected, by: actorOf(request) });
    if (!result.ok) refuseActivation(result);
    // After the move, which has a transaction of its own (activating the live release moves nothing).
    if (request.body.release !== expected) await recordAudit(app.db, { actor: auditActor(request), action: 'release.activated', target_id: request.body.release, details: { remote: name, previous: expected } });
    return stateOf(name);
  });

  app.post('/remotes/:name/rollback/', {
    config: { permission: { area: 'releases', action: 'update' } },
    schema: { params: RemoteParams, headers: ifMatchHeader, response: { 200: RemoteStateSchema, ...errorResponses, ...releaseErrors } },
  }, async (request) => {
    const { name } = request.params;
    await requireRemote(name);
    const result = await rollbackRelease(app.db, { remote: name, expected: expectedLive(request.headers['if-match']), by: actorOf(request) });
    if (!result.ok) refuseActivation(result);
    const state = await stateOf(name);
    await recordAudit(app.db, { actor: auditActor(request), action: 'release.rolled_back', target_id: state.live?.id ?? null, details: { remote: name } });
    return state;
  });

  app.get('/remotes/:name/keys/', {
    config: { permission: { area: 'deploykeys', action: 'list' } },
    schema: { params: RemoteParams, response: { 200: Type.Array(DeployKeySchema), ...errorResponses } },
  }, async (request) => {
    await requireRemote(request.params.name);
    return listDeployKeys(app.db, request.params.name);
  });

  app.post('/remotes/:name/keys/', {
    config: { permission: { area: 'deploykeys', action: 'create' } },
    schema: { params: RemoteParams, body: NewDeployKeyBody, response: { 201: CreatedDeployKeySchema, ...errorResponses } },
  }, async (request, reply) => {
    await requireRemote(request.params.name);
    const key = await app.db.transaction().execute(async (trx) => {
      const created = await createDeployKey(trx, { remote: request.params.name, name: request.body.name.trim(), createdBy: actorOf(request) });
      await recordAudit(trx, { actor: auditActor(request), action: 'deploy_key.created', target_id: created.id, details: { remote: request.params.name, key_name: created.name } });
      return created;
    });
    return reply.status(201).send(key);
  });

  app.delete('/remotes/:name/keys/:id/', {
    config: { permission: { area: 'deploykeys', action: 'delete' } },
    schema: { params: DeployKeyParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      if (!(await revokeDeployKey(trx, request.params.name, request.params.id))) throw notFound();
      const key = await trx.selectFrom('deploy_keys').select('name').where('id', '=', request.params.id).executeTakeFirstOrThrow();
      await recordAudit(trx, { actor: auditActor(request), action: 'deploy_key.revoked', target_id: request.params.id, details: { remote: request.params.name, key_name: key.name } });
    });
    return reply.status(204).send(null);
  });

  // Local overrides: only with REMOTE_OVERRIDES=on (else the routes answer as if absent), only by
  // this POST with the bearer token, so a link can never set one. Any signed-in user may delete the
  // cookie its browser holds, whoever made it (issue 30 item 6).
  const overridesEnabled = () => {
    if (!config.remoteOverrides) throw notFound();
  };
  const setCookie = (request: FastifyRequest, reply: FastifyReply, overrides: Record<string, string>) => {
    const empty = Object.keys(overrides).length === 0;
    const value = empty ? null : signOverrides({ user: request.user!.user_id, made: Date.now(), overrides }, app.releases.overrideSecret);
    reply.header('set-cookie', overrideCookie(value, request.protocol === 'https'));
  };
  /** The caller's own overrides from the request's cookie (another user's cookie counts as none). */
  const ownOverrides = async (request: FastifyRequest) => {
    const current = await app.releases.overridesOf(request.headers.cookie);
    return current?.user === request.user!.user_id ? current.overrides : {};
  };

  app.post('/remotes/overrides/', {
    config: { permission: { area: 'remoteoverrides', action: 'create' } },
    schema: { body: OverrideBody, response: { 200: OverridesSchema, ...errorResponses } },
  }, async (request, reply) => {
    overridesEnabled();
    const { name, manifest } = request.body;
    const remote = await app.db.selectFrom('remotes').select('name').where('name', '=', name).executeTakeFirst();
    if (!remote) throw new ApiError(400, 'invalid', { name: ['remote_unknown'] });
    if (!overrideOriginAllowed(manifest, config.remoteOverrideOrigins)) {
      throw new ApiError(400, 'invalid', { manifest: ['override_origin'] }, { origins: config.remoteOverrideOrigins.join(', ') });
    }
    const overrides = { ...(await ownOverrides(request)), [name]: manifest };
    setCookie(request, reply, overrides);
    return { overrides };
  });

  app.delete('/remotes/overrides/', {
    config: { permission: { area: 'remoteoverrides', action: 'delete' } },
    schema: { querystring: OverrideQuery, response: { 200: OverridesSchema, ...errorResponses } },
  }, async (request, reply) => {
    overridesEnabled();
    const name = request.query.name;
    const overrides = name ? Object.fromEntries(Object.entries(await ownOverrides(request)).filter(([n]) => n !== name)) : {};
    setCookie(request, reply, overrides);
    return { overrides };
  });
};

export default remotesRoutes;
