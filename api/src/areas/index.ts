// Every data area of spec §7 that the generic routes of lib/area.ts serve.
import type { FastifyInstance } from 'fastify';
import { registerArea, type AreaDefinition } from '../lib/area';
import { createPageCache } from '../lib/page-cache';
import { attachments } from './attachments';
import { dealerProducts, products, storeItems } from './catalog';
import { claims } from './claims';
import { dealerGroups, dealers } from './dealers';
import { news } from './news';
import { newsletters } from './newsletters';
import { orderDeletionRequests, orders, shippings } from './orders';
import { registrationRequests } from './regreq';
import { users } from './users';
import { variables } from './variables';

export const areas: AreaDefinition[] = [
  dealerGroups, dealers, registrationRequests, products, dealerProducts, storeItems, orders, orderDeletionRequests, shippings, claims, news, newsletters, attachments, variables, users,
];

export default async function areaRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('upload', null);
  const pageCache = createPageCache();
  for (const area of areas) registerArea(app, area, pageCache);
}
