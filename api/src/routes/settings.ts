// GET /api/settings/ (design §6): what every signed-in user may read of the variables, which only
// the admin reads in full: the minimum order total (the cart shows what is missing) and the
// support address.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatMoney } from '../lib/money';
import { minimumOrderTotal, variableValue } from '../repositories/variables';
import { errorResponses } from '../schemas/common';
import { SettingsSchema } from '../schemas/settings';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/settings/', {
    config: { permission: { area: 'settings', action: 'read' } },
    schema: { response: { 200: SettingsSchema, ...errorResponses } },
  }, async () => ({
    // The same reading of the variable as checkout's (orders.ts), so the cart and the server agree.
    min_order_total: formatMoney((await minimumOrderTotal(app.db)) ?? 0n),
    support_email: ((await variableValue(app.db, 'support_email')) ?? '').trim(),
  }));
};

export default settingsRoutes;
