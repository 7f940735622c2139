import { createCrudArea, type DealerGroup } from '@portal/shared';

export const GROUPS_PATH = '/api/dealergroups/';

/** The dealer groups, as staff manage them. */
export const groupsArea = createCrudArea<DealerGroup>({ name: 'dealerGroups', path: GROUPS_PATH });
