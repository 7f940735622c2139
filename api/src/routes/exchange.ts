// The exchange with 1C (issue 33, design §6). `/api/exchange/1c/` is the site address an operator
// types into 1C's «Обмен с сайтом»: 1C's protocol, plain-text answers (`success`, `progress`,
// `failure` and a reason a person can act on), HTTP Basic auth of an exchange account at
// `checkauth` and its session cookie after. The admin's side: the accounts (the key shown once), the
// runs with their counts, errors and files, and sending an order again.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppConfig } from '../config';
import { toIso } from '../db/dialect';
import { ApiError, notFound } from '../lib/api-error';
import { auditActor, recordAudit } from '../lib/audit';
import { basicCredentials, createExchangeAccount, EXCHANGE_LOGIN_PATTERN, listExchangeAccounts, verifyExchangeAccount } from '../lib/exchange/accounts';
import type { ExchangeError } from '../lib/exchange/catalog';
import { applyOrderChanges, markTaken, ordersDocument } from '../lib/exchange/orders';
import { appendFile, beginRun, checkFileName, recordOnRun, EXCHANGE_COOKIE, fileChunks, importsSettled, importStep, runOfSession, type ExchangeSettings, type Run } from '../lib/exchange/runs';
import { ExchangeFileError } from '../lib/exchange/xml';
import { contentDisposition } from '../lib/files';
import { message, languageOf } from '../lib/messages';
import { rateCounterOf } from '../lib/rate-limits';
import { errorResponses, IdParams, Nullable, Timestamp } from '../schemas/common';

const ExchangeQuery = Type.Object({
  type: Type.Enum(['catalog', 'sale'], { type: 'string' }),
  mode: Type.Enum(['checkauth', 'init', 'file', 'import', 'query', 'success', 'deactivate', 'complete'], { type: 'string' }),
  filename: Type.Optional(Type.String({ maxLength: 300 })),
});

export const ExchangeAccountSchema = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  created_at: Timestamp,
  created_by: Type.String(),
  last_used_at: Nullable(Timestamp),
});

const CreatedAccountSchema = Type.Object({ id: Type.Integer(), login: Type.String(), key: Type.String({ description: 'Shown once: HTTP Basic auth is `login:key`.' }) });

const ExchangeErrorSchema = Type.Object({ file: Type.String(), element: Type.String(), message: Type.String() });
const ExchangeFileSchema = Type.Object({ id: Type.Integer(), name: Type.String(), size: Type.Integer(), status: Type.Enum(['uploaded', 'importing', 'done', 'failed'], { type: 'string' }), message: Type.String() });

export const ExchangeRunSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(['catalog', 'sale'], { type: 'string' }),
  account: Type.String(),
  started_at: Timestamp,
  finished_at: Nullable(Timestamp),
  status: Type.Enum(['running', 'success', 'failure'], { type: 'string' }),
  files: Type.Array(ExchangeFileSchema),
  created: Type.Integer(),
  updated: Type.Integer(),
  withdrawn: Type.Integer(),
  skipped: Type.Integer(),
  errors: Type.Array(ExchangeErrorSchema),
});

const RunsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  status: Type.Optional(Type.Enum(['running', 'success', 'failure'], { type: 'string' })),
  kind: Type.Optional(Type.Enum(['catalog', 'sale'], { type: 'string' })),
});

/** 1C reads the first line; the lines after it are for the person reading 1C's log. */
const answer = (reply: FastifyReply, lines: string[], status = 200) =>
  reply.status(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${lines.join('\n')}\n`);

const exchangeRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const settings = (): ExchangeSettings => ({
    fileLimitBytes: Math.floor(config.exchange.fileLimitMb * 1024 * 1024),
    limitBytes: Math.floor(config.exchange.limitMb * 1024 * 1024),
    stepMs: config.exchange.stepSeconds * 1000,
    dialect: app.dialect,
    onError: (err) => app.log.error({ err }, 'exchange import failed'),
  });
  // A closing process lets its imports end (each is one transaction, or read through before it writes).
  app.addHook('onClose', () => importsSettled(app.db));
  const addresses = rateCounterOf(app);

  // 1C's endpoint: a scope of its own, so that its bodies are taken as bytes and its errors as text.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: settings().fileLimitBytes + 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ExchangeFileError) return answer(reply, ['failure', error.message], 400);
      if (error instanceof ApiError) return answer(reply, ['failure', message(error.code, languageOf(request.headers['accept-language']), error.values)], error.statusCode);
      if (error.validation) return answer(reply, ['failure', 'Неверный запрос: ожидаются type=catalog|sale и mode=checkauth|init|file|import|query|success'], 400);
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer(reply, ['failure', `Часть файла больше file_limit (${settings().fileLimitBytes} байт)`], 413);
      request.log.error({ err: error }, 'exchange failed');
      return answer(reply, ['failure', 'Ошибка сервера портала: повторите обмен позже'], 500);
    });

    const checkauth = async (request: FastifyRequest, reply: FastifyReply, kind: 'catalog' | 'sale') => {
      // Limited as a sign-in is: per client address, and per account (lib/login-attempts.ts).
      const { hits, ttlMs } = await addresses.hit(`exchange ${request.ip}`, config.rateLimits.login.windowMs);
      const retryAfter = (ms: number) => reply.header('retry-after', String(Math.max(1, Math.ceil(ms / 1000))));
      if (hits > config.rateLimits.login.max) {
        retryAfter(ttlMs);
        return answer(reply, ['failure', 'Слишком много попыток входа: повторите позже'], 429);
      }
      const credentials = basicCredentials(request.headers.authorization);
      if (!credentials) return answer(reply, ['failure', 'Нужна авторизация: логин и ключ учётной записи обмена (экран «Обмен с 1С»)'], 401);
      const attempt = await app.loginAttempts.begin(request, reply, `exchange:${credentials.login}`);
      const account = await verifyExchangeAccount(app.db, credentials.login, credentials.key);
      if (!account) return answer(reply, ['failure', 'Неверный логин или ключ учётной записи обмена'], 401);
      await attempt.signedIn();
      const { run, session } = await beginRun(app.db, kind, account);
      await recordAudit(app.db, { actor: { exchangeAccount: account.login }, action: 'exchange.started', target_id: run, details: { kind } });
      return answer(reply, ['success', EXCHANGE_COOKIE, session]);
    };

    scope.route({
      method: ['GET', 'POST'],
      url: '/exchange/1c/',
      config: { permission: { area: 'exchange', action: 'read' } },
      schema: { querystring: ExchangeQuery, hide: true },
      handler: async (request, reply) => {
        const { type, mode, filename } = request.query as { type: 'catalog' | 'sale'; mode: string; filename?: string };
        if (mode === 'checkauth') return checkauth(request, reply, type);
        const run = await runOfSession(app.db, request.headers.cookie);
        if (!run) return answer(reply, ['failure', 'Сеанс обмена не найден или истёк: начните с checkauth'], 401);
        if (run.kind !== type) return answer(reply, ['failure', `Сеанс начат для type=${run.kind}`], 400);
        if (mode === 'init') return answer(reply, ['zip=yes', `file_limit=${settings().fileLimitBytes}`]);
        if (mode === 'file') {
          const body = request.body;
          if (!Buffer.isBuffer(body) || !body.length) return answer(reply, ['failure', 'Пустое тело запроса: файл не получен'], 400);
          const name = checkFileName(filename);
          if (type === 'sale') return saleFile(reply, run, name, body);
          await appendFile(app.db, run, name, body, settings());
          return answer(reply, ['success']);
        }
        if (mode === 'import' && type === 'catalog') {
          const step = await importStep(app.db, run, filename ?? '', settings());
          return step.status === 'failure' ? answer(reply, ['failure', step.reason]) : answer(reply, [step.status]);
        }
        if (mode === 'query' && type === 'sale') {
          const { xml, ids } = await ordersDocument(app.db);
          await app.db.updateTable('exchange_runs').set({ sent_orders: JSON.stringify(ids) }).where('id', '=', run.id).execute();
          return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'no-store').send(xml);
        }
        if (mode === 'success' && type === 'sale') {
          const ids = JSON.parse(run.sent_orders) as number[];
          await markTaken(app.db, ids);
          // The orders taken count as updated, beside those 1C's files changed.
          await app.db.updateTable('exchange_runs').set({ status: 'success', finished_at: new Date().toISOString(), updated: sql`updated + ${ids.length}`, sent_orders: '[]' })
            .where('id', '=', run.id).where('status', '=', 'running').execute();
          return answer(reply, ['success']);
        }
        if (mode === 'deactivate' || mode === 'complete') return answer(reply, ['success']);
        return answer(reply, ['failure', `mode=${mode} не относится к type=${type}`], 400);
      },
    });

    /** 1C's changes to the orders: applied at once, in one transaction. */
    const saleFile = async (reply: FastifyReply, run: Run, name: string, body: Buffer) => {
      const errors: ExchangeError[] = [];
      const mails: Parameters<typeof app.mailer.send>[0][] = [];
      try {
        const { updated, skipped } = await applyOrderChanges({ db: app.db, dialect: app.dialect, publicUrl: config.publicUrl, chunks: [body], file: name, errors, mails });
        await recordOnRun(app.db, run.id, { errors, counts: { updated, skipped } });
      } catch (error) {
        if (!(error instanceof ExchangeFileError)) throw error;
        const reason = `${name}: ${error.element ? `${error.element}: ` : ''}${error.message}`;
        await recordOnRun(app.db, run.id, { errors: [...errors, { file: name, element: error.element, message: error.message }], status: 'failure' });
        return answer(reply, ['failure', reason]);
      }
      for (const mail of mails) void app.mailer.send(mail).catch((err: unknown) => app.log.error({ err }, 'mail failed'));
      return answer(reply, ['success']);
    };
  });

  app.get('/exchange/accounts/', {
    config: { permission: { area: 'exchangeadmin', action: 'list' } },
    schema: { response: { 200: Type.Array(ExchangeAccountSchema), ...errorResponses } },
  }, async () => listExchangeAccounts(app.db));

  app.post('/exchange/accounts/', {
    config: { permission: { area: 'exchangeadmin', action: 'create' } },
    schema: { body: Type.Object({ login: Type.String({ pattern: EXCHANGE_LOGIN_PATTERN, maxLength: 100 }) }, { additionalProperties: false }), response: { 201: CreatedAccountSchema, ...errorResponses } },
  }, async (request, reply) => {
    const login = request.body.login;
    const created = await app.db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('exchange_accounts').select('id').where('login', '=', login).executeTakeFirst()) throw new ApiError(409, 'duplicate', { login: ['duplicate'] });
      const account = await createExchangeAccount(trx, login, request.user!.email);
      await recordAudit(trx, { actor: auditActor(request), action: 'exchange_account.created', target_id: account.id, details: { login } });
      return account;
    });
    return reply.status(201).send(created);
  });

  app.delete('/exchange/accounts/:id/', {
    config: { permission: { area: 'exchangeadmin', action: 'delete' } },
    schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom('exchange_accounts').select(['id', 'login']).where('id', '=', request.params.id).executeTakeFirst();
      if (!account) throw notFound();
      await trx.deleteFrom('exchange_accounts').where('id', '=', account.id).execute();
      await recordAudit(trx, { actor: auditActor(request), action: 'exchange_account.deleted', target_id: account.id, details: { login: account.login } });
    });
    return reply.status(204).send(null);
  });

  const runJson = async (rows: Run[]) => {
    const files = rows.length ? await app.db.selectFrom('exchange_files').select(['id', 'run_id', 'name', 'size', 'status', 'message'])
      .where('run_id', 'in', rows.map((row) => row.id)).orderBy('id').execute() : [];
    return rows.map((row) => ({
      id: row.id, kind: row.kind, account: row.account_login, started_at: toIso(row.started_at), finished_at: toIso(row.finished_at), status: row.status,
      files: files.filter((file) => file.run_id === row.id).map((file) => ({ id: file.id, name: file.name, size: Number(file.size), status: file.status, message: file.message })),
      created: row.created, updated: row.updated, withdrawn: row.withdrawn, skipped: row.skipped, errors: JSON.parse(row.errors) as ExchangeError[],
    }));
  };

  app.get('/exchange/runs/', {
    config: { permission: { area: 'exchangeadmin', action: 'list' } },
    schema: {
      querystring: RunsQuery,
      response: { 200: Type.Object({ count: Type.Integer(), next: Nullable(Type.String()), previous: Nullable(Type.String()), results: Type.Array(ExchangeRunSchema) }), ...errorResponses },
    },
  }, async (request) => {
    const { page = 1, page_size: size = 20, status, kind } = request.query;
    let query = app.db.selectFrom('exchange_runs');
    if (status) query = query.where('status', '=', status);
    if (kind) query = query.where('kind', '=', kind);
    const count = Number((await query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()).count);
    const rows = await query.selectAll().orderBy('id', 'desc').limit(size).offset((page - 1) * size).execute();
    const link = (to: number) => `/api/exchange/runs/?${new URLSearchParams({ page: String(to), page_size: String(size), ...(status ? { status } : {}), ...(kind ? { kind } : {}) })}`;
    return { count, next: page * size < count ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null, results: await runJson(rows) };
  });

  app.get('/exchange/runs/:id/', {
    config: { permission: { area: 'exchangeadmin', action: 'read' } },
    schema: { params: IdParams, response: { 200: ExchangeRunSchema, ...errorResponses } },
  }, async (request) => {
    const row = await app.db.selectFrom('exchange_runs').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound();
    return (await runJson([row]))[0];
  });

  app.get('/exchange/runs/:id/files/:file/', {
    config: { permission: { area: 'exchangeadmin', action: 'read' } },
    schema: { params: Type.Object({ id: IdParams.properties.id, file: IdParams.properties.id }), hide: true },
  }, async (request, reply) => {
    const file = await app.db.selectFrom('exchange_files').select(['id', 'name', 'size']).where('id', '=', request.params.file).where('run_id', '=', request.params.id).executeTakeFirst();
    if (!file) throw notFound();
    reply.header('content-type', /\.zip$/i.test(file.name) ? 'application/zip' : 'application/xml')
      .header('content-disposition', contentDisposition(file.name))
      .header('content-length', String(Number(file.size)))
      .header('x-content-type-options', 'nosniff');
    return reply.send(Readable.from(fileChunks(app.db, file.id)));
  });

  app.post('/orders/:id/exchange/reset/', {
    config: { permission: { area: 'exchangeadmin', action: 'create' } },
    schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').select(['id', 'number']).where('id', '=', request.params.id).executeTakeFirst();
      if (!order) throw notFound();
      await trx.updateTable('orders').set({ exchanged_at: null }).where('id', '=', order.id).execute();
      await recordAudit(trx, { actor: auditActor(request), action: 'order.exchange_reset', target_id: order.id, details: { number: order.number } });
    });
    return reply.status(204).send(null);
  });
};

export default exchangeRoutes;
