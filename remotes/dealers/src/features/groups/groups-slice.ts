import { createCrudArea } from '@portal/shared';

export const GROUPS_PATH = '/api/dealergroups/' as const;

/** The dealer groups, as staff manage them. */
export const groupsArea = createCrudArea({ name: 'dealerGroups', path: GROUPS_PATH });
