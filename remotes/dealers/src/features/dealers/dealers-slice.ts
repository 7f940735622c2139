import { createCrudArea, type Dealer, type DealerGroup } from '@portal/shared';

export const DEALERS_PATH = '/api/dealers/';
export const GROUPS_PATH = '/api/dealergroups/';

/** Every dealer, as staff manage them. */
export const dealersArea = createCrudArea<Dealer>({ name: 'dealers', path: DEALERS_PATH });

/** The groups the list filters by and the form offers: a handful, read at once. */
export const dealerGroupChoicesArea = createCrudArea<DealerGroup>({ name: 'dealerGroupChoices', path: GROUPS_PATH });
export const ALL_GROUPS = { page_size: 500, ordering: 'name' };
