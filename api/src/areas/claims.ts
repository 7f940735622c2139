// Claims (design §4-5): a dealer claims a quantity of one line of its own shipped or completed
// order, giving a reason (a photo is required for damage), and may change the description,
// reason and quantity, or delete the claim, while it is `new`; staff move it through
// new → in_review → accepted | rejected → closed, one step at a time, and write the resolution
// (required for accepted and rejected). A line's claims together never exceed the line. Each claim
// has its photos and documents and a conversation (`/comments/`) in which staff may write internal
// notes that a dealer never receives, not even their files. Another dealer's claim is 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import type { OrderStatus } from '../db/tables/orders';
import type { ClaimReason } from '../db/tables/claims';
import { ApiError, notFound } from '../lib/api-error';
import { defineArea, type AreaRoutes, type WriteContext } from '../lib/area';
import { sendStoredFile, storeFile } from '../lib/files';
import { readForm } from '../lib/form';
import { checkTransition, statusSchema } from '../lib/lifecycle';
import type { Mail } from '../lib/mailer';
import { claimCreatedNotice, claimReplyNotice, claimStatusNotice, notifierOf, notifyDealer, notifyStaff } from '../lib/notify';
import { lockRow, MAX_LINE_QUANTITY, orderChildFilters, ownByOrder } from '../lib/order-children';
import type { AccessClaims } from '../lib/tokens';
import { historySchema, recordChange, StatusComment, withHistory } from '../lib/status-history';
import { errorResponses, RowId, Text, Timestamp } from '../schemas/common';

const REASONS: ClaimReason[] = ['damaged', 'wrong_item', 'shortage', 'defect', 'other'];
// One `enum`, as the statuses are: the OpenAPI document shows one list of values.
const ReasonSchema = Type.Enum(REASONS, { type: 'string' });

/** A photo or document of a claim or of a comment; its bytes at `url`. */
export const ClaimFileSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  url: Type.String(),
});

export const ClaimSchema = Type.Object({
  id: Type.Integer(),
  order: Type.Integer(),
  order_number: Type.String(),
  dealer: Type.Integer(),
  dealer_name: Type.String(),
  product: Type.Integer(),
  product_name: Type.String(),
  quantity: Type.Integer(),
  reason: ReasonSchema,
  description: Type.String(),
  status: statusSchema('claims'),
  resolution: Type.String(),
  created_at: Timestamp,
  /** The claim's own photos and documents (a comment's are on the comment). */
  files: Type.Array(ClaimFileSchema),
  history: historySchema('claims'),
});

export const ClaimCommentSchema = Type.Object({
  id: Type.Integer(),
  author: Type.Union([Type.Integer(), Type.Null()]),
  author_name: Type.String(),
  /** Whether the author is staff (the portal draws the two sides of the conversation apart). */
  author_is_staff: Type.Boolean(),
  body: Type.String(),
  internal: Type.Boolean(),
  created_at: Timestamp,
  files: Type.Array(ClaimFileSchema),
});

const ClaimCommentBody = Type.Object({
  body: Text(5000),
  /** Staff only: a note a dealer never sees. */
  internal: Type.Optional(Type.Boolean()),
});

/** Goods are claimed once they were sent. */
const CLAIMABLE: readonly OrderStatus[] = ['shipped', 'completed'];
/** A decision says what was decided. */
const DECIDED = new Set(['accepted', 'rejected']);
const FILE_FIELD = 'file';

const fileUrl = (claimId: number, fileId: number) => `/api/claims/${claimId}/files/${fileId}/`;

/** The files of the claims (comment null) or of comments, in one query. */
async function filesOf(db: Kysely<Database>, claimIds: number[], of: 'claims' | 'comments'): Promise<Map<number, Array<Static<typeof ClaimFileSchema>>>> {
  const byOwner = new Map<number, Array<Static<typeof ClaimFileSchema>>>();
  if (!claimIds.length) return byOwner;
  let query = db.selectFrom('claim_files').innerJoin('stored_files', 'stored_files.id', 'claim_files.file_id')
    .select(['claim_files.id', 'claim_files.claim_id', 'claim_files.comment_id', 'stored_files.name', 'stored_files.content_type', 'stored_files.size'])
    .where('claim_files.claim_id', 'in', claimIds);
  query = of === 'claims' ? query.where('claim_files.comment_id', 'is', null) : query.where('claim_files.comment_id', 'is not', null);
  for (const row of await query.orderBy('claim_files.id').execute()) {
    const owner = of === 'claims' ? row.claim_id : Number(row.comment_id);
    const list = byOwner.get(owner) ?? [];
    list.push({ id: row.id, name: row.name, content_type: row.content_type, size: Number(row.size), url: fileUrl(row.claim_id, row.id) });
    byOwner.set(owner, list);
  }
  return byOwner;
}

/** How much of the order line is left to claim: what was ordered less the line's other claims (-1: not a line of the order). */
async function unclaimed(ctx: WriteContext, orderId: number, productId: number, exceptClaim: number | null): Promise<number> {
  const line = await ctx.trx.selectFrom('order_items').select((eb) => eb.fn.sum<number | string>('quantity').as('quantity'))
    .where('order_id', '=', orderId).where('product_id', '=', productId).executeTakeFirst();
  const ordered = Number(line?.quantity ?? 0);
  if (ordered === 0) return -1;
  let claimed = ctx.trx.selectFrom('claims').select((eb) => eb.fn.sum<number | string>('quantity').as('quantity'))
    .where('order_id', '=', orderId).where('product_id', '=', productId);
  if (exceptClaim !== null) claimed = claimed.where('id', '!=', exceptClaim);
  return ordered - Number((await claimed.executeTakeFirst())?.quantity ?? 0);
}

async function checkQuantity(ctx: WriteContext, orderId: number, productId: number, quantity: number, exceptClaim: number | null): Promise<void> {
  const left = await unclaimed(ctx, orderId, productId, exceptClaim);
  if (left < 0) throw new ApiError(400, 'invalid', { product: ['claim_product'] });
  if (quantity > left) throw new ApiError(400, 'invalid', { quantity: ['claim_quantity'] }, { available: String(Math.max(left, 0)) });
}

/** Whether the claim (or the file just uploaded) has a photo: damage is shown, not told. */
async function hasPhoto(ctx: WriteContext, claimId: number | null): Promise<boolean> {
  if (ctx.file !== null) {
    const uploaded = await ctx.trx.selectFrom('stored_files').select('content_type').where('id', '=', ctx.file).executeTakeFirstOrThrow();
    if (uploaded.content_type.startsWith('image/')) return true;
  }
  if (claimId === null) return false;
  const photo = await ctx.trx.selectFrom('claim_files').innerJoin('stored_files', 'stored_files.id', 'claim_files.file_id').select('claim_files.id')
    .where('claim_files.claim_id', '=', claimId).where('claim_files.comment_id', 'is', null).where('stored_files.content_type', 'like', 'image/%').executeTakeFirst();
  return photo !== undefined;
}

/** What a claim's mail names: its order, product and dealer. */
const claimFacts = (db: Kysely<Database>, id: number) => db.selectFrom('claims')
  .innerJoin('orders', 'orders.id', 'claims.order_id').innerJoin('dealers', 'dealers.id', 'orders.dealer_id').innerJoin('products', 'products.id', 'claims.product_id')
  .select(['claims.id', 'orders.number as order_number', 'orders.dealer_id', 'dealers.name as dealer_name', 'products.name as product_name'])
  .where('claims.id', '=', id).executeTakeFirstOrThrow();

const area = defineArea({
  area: 'claims',
  path: '/claims/',
  table: 'claims',
  item: ClaimSchema,
  select: (db: Kysely<Database>) => db.selectFrom('claims')
    .innerJoin('orders', 'orders.id', 'claims.order_id')
    .innerJoin('dealers', 'dealers.id', 'orders.dealer_id')
    .innerJoin('products', 'products.id', 'claims.product_id')
    .selectAll('claims').select(['orders.number as order_number', 'orders.dealer_id', 'dealers.name as dealer_name', 'products.name as product_name']),
  own: ownByOrder,
  filters: {
    ...orderChildFilters('claims', 'claims'),
    product: { schema: RowId, column: 'claims.product_id' },
    reason: { schema: ReasonSchema, column: 'claims.reason' },
  },
  orderable: { id: 'claims.id', created_at: 'claims.created_at', status: 'claims.status', order_number: 'orders.number', quantity: 'claims.quantity', dealer_name: 'dealers.name' },
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'products.name', 'dealers.name', 'claims.description', 'claims.resolution'],
  expand: async (db, rows) => {
    const files = await filesOf(db, rows.map((row) => row.id), 'claims');
    return (await withHistory(db, 'claims', rows)).map((row) => ({ ...row, files: files.get(row.id) ?? [] }));
  },
  toItem: (row): Static<typeof ClaimSchema> => ({
    id: row.id, order: row.order_id, order_number: row.order_number, dealer: row.dealer_id, dealer_name: row.dealer_name,
    product: row.product_id, product_name: row.product_name, quantity: row.quantity, reason: row.reason, description: row.description,
    status: row.status, resolution: row.resolution, created_at: toIso(row.created_at), files: row.files, history: row.history,
  }),
  body: {
    /** The order and product are fixed once the claim exists (ignored by PUT). */
    order: RowId,
    product: RowId,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
    /** `other` when not given (a client from before reasons); kept as it is by a PUT without it. */
    reason: Type.Optional(ReasonSchema),
    description: Text(5000),
    /** Staff only, one step at a time; a new claim is always `new`. */
    status: Type.Optional(statusSchema('claims')),
    /** Staff only; required to accept or reject. */
    resolution: Type.Optional(Type.String({ maxLength: 5000 })),
    /** Staff only: kept with a status change in the history. */
    status_comment: StatusComment,
  },
  // A claim may come with its first photo or document (more: POST `{id}/files/`).
  form: true,
  fileField: FILE_FIELD,
  async create(ctx) {
    const { trx, body, user, scope, file } = ctx;
    // The order locked: two claims on one line at once cannot both take the last of it.
    const order = await lockRow(ctx, 'orders', body.order);
    if (scope === 'own' && (!order || order.dealer_id !== user.dealer)) throw notFound();
    if (!order) throw new ApiError(400, 'invalid', { order: ['field_choice'] });
    if (!CLAIMABLE.includes(order.status)) throw new ApiError(409, 'claim_order_status');
    await checkQuantity(ctx, order.id, body.product, body.quantity, null);
    if (body.reason === 'damaged' && !(await hasPhoto(ctx, null))) throw new ApiError(400, 'invalid', { [FILE_FIELD]: ['claim_photo_required'] });
    const now = nowIso();
    const { id } = await trx.insertInto('claims').values({
      order_id: order.id, product_id: body.product, quantity: body.quantity, reason: body.reason ?? 'other', description: body.description.trim(), status: 'new',
      // A dealer does not write the resolution.
      resolution: scope === 'own' ? '' : body.resolution?.trim() ?? '',
      created_by: user.user_id, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    if (file !== null) await trx.insertInto('claim_files').values({ claim_id: id, comment_id: null, file_id: file }).execute();
    await recordChange(trx, 'claims', id, { from: null, to: 'new', by: user.user_id, at: now });
    await notifyStaff(notifierOf(ctx), claimCreatedNotice({ ...await claimFacts(trx, id), quantity: body.quantity, reason: body.reason ?? 'other', description: body.description.trim() }));
    return id;
  },
  async update(ctx, current) {
    const { trx, body, scope, user, file } = ctx;
    await lockRow(ctx, 'orders', current.order_id);
    const claim = await lockRow(ctx, 'claims', current.id);
    if (!claim) throw notFound();
    const status = body.status ?? claim.status;
    const resolution = body.resolution === undefined ? claim.resolution : body.resolution.trim();
    if (scope === 'own') {
      if (status !== claim.status || resolution !== claim.resolution) {
        throw new ApiError(403, 'forbidden', status !== claim.status ? { status: ['forbidden'] } : { resolution: ['forbidden'] });
      }
      if (claim.status !== 'new') throw new ApiError(409, 'not_editable');
    } else {
      checkTransition('claims', claim.status, status);
      if (status !== claim.status && DECIDED.has(status) && !resolution) throw new ApiError(400, 'invalid', { resolution: ['claim_resolution_required'] });
    }
    if (body.quantity !== claim.quantity) await checkQuantity(ctx, claim.order_id, claim.product_id, body.quantity, claim.id);
    const reason = body.reason ?? claim.reason;
    if (reason === 'damaged' && claim.reason !== 'damaged' && !(await hasPhoto(ctx, claim.id))) {
      throw new ApiError(400, 'invalid', { [FILE_FIELD]: ['claim_photo_required'] });
    }
    await trx.updateTable('claims').set({ status, resolution, quantity: body.quantity, reason, description: body.description.trim() })
      .where('id', '=', claim.id).execute();
    if (file !== null) await trx.insertInto('claim_files').values({ claim_id: claim.id, comment_id: null, file_id: file }).execute();
    if (status !== claim.status) {
      await recordChange(trx, 'claims', claim.id, { from: claim.status, to: status, by: user.user_id, comment: body.status_comment });
      const facts = await claimFacts(trx, claim.id);
      await notifyDealer(notifierOf(ctx), facts.dealer_id, claimStatusNotice(facts, status, resolution));
    }
  },
  async remove(ctx, current) {
    const claim = await lockRow(ctx, 'claims', current.id);
    if (!claim) throw notFound();
    if (ctx.scope === 'own' && claim.status !== 'new') throw new ApiError(409, 'not_editable');
    const files = (await ctx.trx.selectFrom('claim_files').select('file_id').where('claim_id', '=', claim.id).execute()).map((row) => row.file_id);
    await ctx.trx.deleteFrom('claims').where('id', '=', claim.id).execute();
    // The bytes go with the claim (its rows in claim_files went by cascade).
    if (files.length) await ctx.trx.deleteFrom('stored_files').where('id', 'in', files).execute();
  },
});

const ClaimParams = Type.Object({ id: RowId });
const ClaimFileParams = Type.Object({ id: RowId, file: RowId });
const isStaff = (user: AccessClaims) => user.role !== 'dealer';

/** The claim as the caller may see it (a dealer: of its own orders), or 404. */
async function visibleClaim(app: FastifyInstance, request: FastifyRequest, id: number) {
  let query = app.db.selectFrom('claims').innerJoin('orders', 'orders.id', 'claims.order_id')
    .select(['claims.id', 'claims.status', 'orders.dealer_id']).where('claims.id', '=', id);
  if (request.scope === 'own') query = query.where('orders.dealer_id', '=', request.user!.dealer ?? -1);
  const claim = await query.executeTakeFirst();
  if (!claim) throw notFound();
  return claim;
}

/** The conversation of a claim, oldest first; without the internal notes for a dealer. */
async function commentsOf(app: FastifyInstance, claimId: number, withInternal: boolean, only?: number): Promise<Array<Static<typeof ClaimCommentSchema>>> {
  let query = app.db.selectFrom('claim_comments').leftJoin('users', 'users.id', 'claim_comments.author_id')
    .select(['claim_comments.id', 'claim_comments.author_id', 'claim_comments.body', 'claim_comments.internal', 'claim_comments.created_at',
      'users.first_name', 'users.last_name', 'users.email', 'users.role'])
    .where('claim_comments.claim_id', '=', claimId);
  // Left out in SQL, so no code path can hand a note to a dealer.
  if (!withInternal) query = query.where('claim_comments.internal', '=', false);
  if (only !== undefined) query = query.where('claim_comments.id', '=', only);
  const rows = await query.orderBy('claim_comments.id').execute();
  const files = await filesOf(app.db, [claimId], 'comments');
  return rows.map((row) => ({
    id: row.id, author: row.author_id,
    author_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || (row.email ?? ''),
    author_is_staff: row.role !== null && row.role !== 'dealer',
    body: row.body, internal: Boolean(row.internal), created_at: toIso(row.created_at), files: files.get(row.id) ?? [],
  }));
}

/** Reads a multipart write (its one file in `file`) into body and upload; JSON passes as it is. */
function multipart(app: FastifyInstance, schema: typeof ClaimCommentBody | ReturnType<typeof Type.Object>) {
  return async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const form = await readForm(request, schema, [FILE_FIELD], app.config.uploadLimitMb * 1024 * 1024);
    request.body = form.body;
    request.upload = form.files[FILE_FIELD] ?? null;
  };
}

function registerThread(app: FastifyInstance): void {
  const read = { permission: { area: 'claims' as const, action: 'read' as const } };
  const write = { permission: { area: 'claims' as const, action: 'create' as const } };
  const CommentsPage = Type.Object({ count: Type.Integer(), next: Type.Null(), previous: Type.Null(), results: Type.Array(ClaimCommentSchema) });

  app.get('/claims/:id/comments/', {
    config: read,
    schema: { params: ClaimParams, response: { 200: CommentsPage, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params as Static<typeof ClaimParams>;
    await visibleClaim(app, request, id);
    const results = await commentsOf(app, id, isStaff(request.user!));
    return { count: results.length, next: null, previous: null, results };
  });

  app.post('/claims/:id/comments/', {
    config: write,
    schema: { params: ClaimParams, body: ClaimCommentBody, response: { 201: ClaimCommentSchema, ...errorResponses } },
    preValidation: multipart(app, ClaimCommentBody),
  }, async (request, reply) => {
    const { id } = request.params as Static<typeof ClaimParams>;
    const body = request.body as Static<typeof ClaimCommentBody>;
    const user = request.user!;
    await visibleClaim(app, request, id);
    if (body.internal && !isStaff(user)) throw new ApiError(403, 'forbidden', { internal: ['forbidden'] });
    const mails: Mail[] = [];
    const commentId = await app.db.transaction().execute(async (trx) => {
      const file = request.upload ? await storeFile(trx, request.upload) : null;
      const { id: created } = await trx.insertInto('claim_comments').values({
        claim_id: id, author_id: user.user_id, body: body.body.trim(), internal: body.internal === true, created_at: nowIso(),
      }).returning('id').executeTakeFirstOrThrow();
      if (file !== null) await trx.insertInto('claim_files').values({ claim_id: id, comment_id: created, file_id: file }).execute();
      // Staff's reply mails the dealer; an internal note never mails anyone.
      if (isStaff(user) && body.internal !== true) {
        const facts = await claimFacts(trx, id);
        const notifier = { trx, afterCommit: (mail: Mail) => mails.push(mail), publicUrl: app.config.publicUrl, actor: user.user_id };
        await notifyDealer(notifier, facts.dealer_id, claimReplyNotice(facts, body.body.trim()));
      }
      return created;
    });
    for (const mail of mails) await app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'mail failed'));
    const [comment] = await commentsOf(app, id, true, commentId);
    return reply.status(201).send(comment);
  });

  // A further photo or document of the claim itself: a dealer's while the claim is new, staff's any time.
  app.post('/claims/:id/files/', {
    config: write,
    schema: { params: ClaimParams, response: { 201: ClaimFileSchema, ...errorResponses } },
    preValidation: multipart(app, Type.Object({})),
  }, async (request, reply) => {
    const { id } = request.params as Static<typeof ClaimParams>;
    const claim = await visibleClaim(app, request, id);
    if (!request.upload) throw new ApiError(400, 'file_required', { [FILE_FIELD]: ['file_required'] });
    if (!isStaff(request.user!) && claim.status !== 'new') throw new ApiError(409, 'not_editable');
    const upload = request.upload;
    const fileRow = await app.db.transaction().execute(async (trx) => {
      const file = await storeFile(trx, upload);
      return trx.insertInto('claim_files').values({ claim_id: id, comment_id: null, file_id: file }).returning('id').executeTakeFirstOrThrow();
    });
    const [saved] = (await filesOf(app.db, [id], 'claims')).get(id)?.filter((f) => f.id === fileRow.id) ?? [];
    return reply.status(201).send(saved);
  });

  app.get('/claims/:id/files/:file/', {
    config: read,
    schema: { params: ClaimFileParams, response: errorResponses },
  }, async (request, reply) => {
    const { id, file } = request.params as Static<typeof ClaimFileParams>;
    await visibleClaim(app, request, id);
    let query = app.db.selectFrom('claim_files').innerJoin('stored_files', 'stored_files.id', 'claim_files.file_id')
      .leftJoin('claim_comments', 'claim_comments.id', 'claim_files.comment_id')
      .select(['stored_files.name', 'stored_files.content_type', 'stored_files.size', 'stored_files.sha256', 'stored_files.data'])
      .where('claim_files.id', '=', file).where('claim_files.claim_id', '=', id);
    // A note's file is as hidden from a dealer as the note.
    if (!isStaff(request.user!)) query = query.where((eb) => eb.or([eb('claim_comments.id', 'is', null), eb('claim_comments.internal', '=', false)]));
    const stored = await query.executeTakeFirst();
    if (!stored) throw notFound();
    return sendStoredFile(reply, stored);
  });
}

export const claims: AreaRoutes = {
  ...area,
  register(app, listCache) {
    area.register(app, listCache);
    registerThread(app);
  },
};
