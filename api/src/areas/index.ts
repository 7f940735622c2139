// Every data area of spec §7 that the generic routes of lib/area.ts serve.
import type { FastifyInstance } from 'fastify';
import type { AreaRoutes } from '../lib/area';
import { createListCache } from '../lib/list-cache';
import { attachments } from './attachments';
import { audit } from './audit';
import { dealerProducts, products, storeItems } from './catalog';
import { claims } from './claims';
import { dealerGroups, dealers } from './dealers';
import { news, newsletters } from './newsletters';
import { orderDeletionRequests } from './order-deletion-requests';
import { orders } from './orders';
import { shippings } from './shippings';
import { registrationRequests } from './regreq';
import { users } from './users';
import savedViewRoutes from './views';
import { variables } from './variables';

export const areas: AreaRoutes[] = [
  dealerGroups, dealers, registrationRequests, products, dealerProducts, storeItems,
  orders, orderDeletionRequests, shippings, claims, news, newsletters, attachments, variables, users, audit,
];

export default async function areaRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('upload', null);
  const listCache = createListCache();
  for (const area of areas) area.register(app, listCache);
  // Saved views of these lists (areas/views.ts): plain routes that know the lists' names.
  await app.register(savedViewRoutes, { lists: areas });
}
