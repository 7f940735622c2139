// Saved list views (issue 18 item 8, design §6): `GET|POST /api/views/?list=<list>` `{name, query,
// shared?}` and `DELETE /api/views/{id}/`. A view is a user's name for a list's query string (its
// filters, search and ordering), kept in the database so that it comes back after logout and on
// another computer; opening it is opening the list at that query, so its link is the list's link.
//
// Plain routes, not a `defineArea`: the views of one list are a short array (at most
// VIEWS_PER_LIST per user), not a paged, filtered, ordered list with a CSV export. `<list>` is an
// area's list name (its path without slashes: `orders`, `dp`, `claims`), handed in by areas/index.ts,
// and only a list the caller may read: a dealer saves no view of `users`.
//
// Who sees what: everyone sees only their own views; staff (managers and admins) also see the views
// another staff user shared with all staff. A dealer never sees another user's view, shared or not.
// `shared: true` from a dealer is a 400 (`fields.shared`), not silently dropped. Only the owner
// deletes a view: for anyone else it does not exist (404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { nowIso, toBool, toIso } from '../db/dialect';
import type { Role } from '../db/tables/users';
import type { Area } from '../lib/access';
import { ApiError, notFound } from '../lib/api-error';
import { constraintError } from '../lib/db-errors';
import { grantOf } from '../plugins/permissions';
import { errorResponses, IdParams, Text, Timestamp } from '../schemas/common';

/** How many views one user keeps of one list. */
export const VIEWS_PER_LIST = 50;
/** The longest query string a view keeps. */
export const VIEW_QUERY_MAX = 2000;

const STAFF: Role[] = ['manager', 'admin'];

const ViewSchema = Type.Object({
  id: Type.Integer(),
  list: Type.String(),
  name: Type.String(),
  query: Type.String({ description: "The list's query string, without a leading `?`." }),
  shared: Type.Boolean({ description: 'Shown to all staff.' }),
  mine: Type.Boolean({ description: 'The caller saved it (and so may delete it).' }),
  author: Type.String({ description: "Who saved it: the name, else the email." }),
  created_at: Timestamp,
});

const ListParam = Type.Object({ list: Type.String({ minLength: 1, maxLength: 40, description: "The API list's name: `orders`, `dp`, `claims`, …" }) });

const NewViewBody = Type.Object({
  name: Text(100),
  query: Type.String({ maxLength: VIEW_QUERY_MAX, description: "The list's query string, without a leading `?`; may be empty." }),
  shared: Type.Optional(Type.Boolean({ description: 'Staff only: show the view to all staff.' })),
}, { additionalProperties: false });

/** A query parameter's name as the lists take them (`status`, `created_at__gte`, `ordering`). */
const QUERY_KEY = /^[A-Za-z0-9_.-]{1,100}$/;
/** Printable ASCII but space: a query string as a browser's address or URLSearchParams writes it. */
const QUERY_TEXT = /^[\x21-\x7e]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether `query` is a query string (`a=1&b=x%20y`): no `?`, no `#`, well-formed escapes, plain names. */
export function isListQuery(query: string): boolean {
  if (query === '') return true;
  if (!QUERY_TEXT.test(query) || query.startsWith('?') || query.includes('#')) return false;
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const [key, value] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    let name: string;
    let text: string;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
      text = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return false;
    }
    if (!QUERY_KEY.test(name) || CONTROL.test(text)) return false;
  }
  return true;
}

/** An area's list, as areas/index.ts hands it in. */
export interface ViewableList {
  area: Area;
  path: string;
}

/** The list name of an area's path: `/orders/` → `orders`. */
export const listNameOf = (path: string): string => path.replace(/^\/+|\/+$/g, '');

const savedViewRoutes: FastifyPluginAsyncTypebox<{ lists: readonly ViewableList[] }> = async (app, { lists }) => {
  const areaOf = new Map(lists.map((list) => [listNameOf(list.path), list.area]));

  /** The list's name when the caller may read that list; else a 400 on `list`. */
  const readableList = (name: string, role: Role): string => {
    const area = areaOf.get(name);
    if (!area || !grantOf(area, role, 'list')) throw new ApiError(400, 'invalid', { list: ['field_view_list'] });
    return name;
  };

  const selectViews = () => app.db.selectFrom('saved_views')
    .innerJoin('users', 'users.id', 'saved_views.user_id')
    .select(['saved_views.id', 'saved_views.user_id', 'saved_views.list', 'saved_views.name', 'saved_views.query', 'saved_views.shared', 'saved_views.created_at',
      'users.first_name', 'users.last_name', 'users.email']);
  type Row = Awaited<ReturnType<ReturnType<typeof selectViews>['executeTakeFirstOrThrow']>>;
  const toView = (row: Row, me: number) => ({
    id: row.id, list: row.list, name: row.name, query: row.query, shared: toBool(row.shared), mine: row.user_id === me,
    author: `${row.first_name} ${row.last_name}`.trim() || row.email, created_at: toIso(row.created_at),
  });

  app.get('/views/', {
    config: { permission: { area: 'views', action: 'list' } },
    schema: { querystring: ListParam, response: { 200: Type.Array(ViewSchema), ...errorResponses } },
  }, async (request) => {
    const { user_id: me, role } = request.user!;
    const list = readableList(request.query.list, role);
    const rows = await selectViews()
      .where('saved_views.list', '=', list)
      .where((eb) => (STAFF.includes(role)
        ? eb.or([eb('saved_views.user_id', '=', me), eb.and([eb('saved_views.shared', '=', true), eb('users.role', 'in', STAFF)])])
        : eb('saved_views.user_id', '=', me)))
      .orderBy('saved_views.name').orderBy('saved_views.id')
      .execute();
    return rows.map((row) => toView(row, me));
  });

  app.post('/views/', {
    config: { permission: { area: 'views', action: 'create' } },
    schema: { querystring: ListParam, body: NewViewBody, response: { 201: ViewSchema, ...errorResponses } },
  }, async (request, reply) => {
    const { user_id: me, role } = request.user!;
    const list = readableList(request.query.list, role);
    const name = request.body.name.trim();
    const { query } = request.body;
    const shared = request.body.shared ?? false;
    if (!isListQuery(query)) throw new ApiError(400, 'invalid', { query: ['field_view_query'] });
    if (shared && !STAFF.includes(role)) throw new ApiError(400, 'invalid', { shared: ['field_view_shared'] });
    const id = await app.db.transaction().execute(async (trx) => {
      const mine = trx.selectFrom('saved_views').where('user_id', '=', me).where('list', '=', list);
      if (await mine.select('id').where('name', '=', name).executeTakeFirst()) throw new ApiError(409, 'view_name_taken', { name: ['view_name_taken'] });
      const { count } = await mine.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      if (Number(count) >= VIEWS_PER_LIST) throw new ApiError(400, 'views_limit', undefined, { limit: String(VIEWS_PER_LIST) });
      try {
        const row = await trx.insertInto('saved_views').values({ user_id: me, list, name, query, shared, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
        return row.id;
      } catch (err) {
        // Two saves of one name at once: the unique index answers for the second.
        const refused = constraintError(err, false);
        if (refused instanceof ApiError && refused.statusCode === 409) throw new ApiError(409, 'view_name_taken', { name: ['view_name_taken'] });
        throw refused;
      }
    });
    return reply.status(201).send(toView(await selectViews().where('saved_views.id', '=', id).executeTakeFirstOrThrow(), me));
  });

  app.delete('/views/:id/', {
    config: { permission: { area: 'views', action: 'delete' } },
    schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const deleted = await app.db.deleteFrom('saved_views')
      .where('id', '=', request.params.id).where('user_id', '=', request.user!.user_id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound();
    return reply.status(204).send(null);
  });
};

export default savedViewRoutes;
