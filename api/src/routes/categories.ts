// The catalogue's categories, for the filter of the catalogue and the calculator's first step:
// `GET /api/dp/categories/` for a dealer (the categories of active products, as /api/dp/ shows them)
// and `GET /api/products/categories/` for staff (all products), each with its number of products,
// by name. Under each list's own path, so each takes that list's permission.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../schemas/common';

export const CategorySchema = Type.Object({
  name: Type.String(),
  /** How many products the category has (a dealer's: the active ones). */
  count: Type.Integer(),
});

const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const categories = async (activeOnly: boolean) => {
    let query = app.db.selectFrom('products').select(['category', (eb) => eb.fn.countAll<number | string>().as('count')]).groupBy('category').orderBy('category');
    if (activeOnly) query = query.where('is_active', '=', true);
    return (await query.execute()).map((row) => ({ name: row.category, count: Number(row.count) }));
  };
  app.get('/dp/categories/', {
    config: { permission: { area: 'dp', action: 'list' } },
    schema: { response: { 200: Type.Array(CategorySchema), ...errorResponses } },
  }, async () => categories(true));
  app.get('/products/categories/', {
    config: { permission: { area: 'products', action: 'list' } },
    schema: { response: { 200: Type.Array(CategorySchema), ...errorResponses } },
  }, async () => categories(false));
};

export default categoryRoutes;
