import { createCrudArea, type DealerGroup } from '@portal/shared';

/** The dealer groups a newsletter may be addressed to (staff: all of them). */
export const dealerGroupsArea = createCrudArea<DealerGroup>({ name: 'commsDealerGroups', path: '/api/dealergroups/' });

/** Every group at once: there are a handful, and the audience picker and the list name them. */
export const ALL_GROUPS = { page_size: 500, ordering: 'name' };
