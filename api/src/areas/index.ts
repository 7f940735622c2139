// Every data area of spec §7 that the generic routes of lib/area.ts serve.
import type { FastifyInstance } from 'fastify';
import { registerArea, type AreaDefinition } from '../lib/area';
import { dealerProducts, products, storeItems } from './catalog';
import { dealerGroups, dealers } from './dealers';
import { variables } from './variables';

export const areas: AreaDefinition[] = [dealerGroups, dealers, products, dealerProducts, storeItems, variables];

export default async function areaRoutes(app: FastifyInstance): Promise<void> {
  app.decorateRequest('upload', null);
  for (const area of areas) registerArea(app, area);
}
