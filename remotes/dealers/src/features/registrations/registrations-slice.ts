import { createCrudArea } from '@portal/shared';

export const REGISTRATIONS_PATH = '/api/regreq/' as const;

/** Registration requests, as staff handle them. */
export const registrationsArea = createCrudArea({ name: 'registrations', path: REGISTRATIONS_PATH });

/** The statuses of a request's lifecycle (design §5), in the order they come. */
export const REGISTRATION_STATUSES = ['new', 'approved', 'rejected'] as const;
