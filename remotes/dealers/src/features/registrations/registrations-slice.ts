import { createCrudArea, type DealerGroup, type RegistrationRequest } from '@portal/shared';

export const REGISTRATIONS_PATH = '/api/regreq/';

/** Registration requests, as staff handle them. */
export const registrationsArea = createCrudArea<RegistrationRequest>({ name: 'registrations', path: REGISTRATIONS_PATH });

/** The groups an approval may put the new dealer in: a handful, read at once for the approval's choice. */
export const registrationGroupsArea = createCrudArea<DealerGroup>({ name: 'registrationGroups', path: '/api/dealergroups/' });
export const ALL_GROUPS = { page_size: 500, ordering: 'name' };

/** The statuses of a request's lifecycle (design §5), in the order they come. */
export const REGISTRATION_STATUSES = ['new', 'approved', 'rejected'] as const;
