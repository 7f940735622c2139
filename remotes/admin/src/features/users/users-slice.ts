import { createCrudArea } from '@portal/shared';

export const USERS_PATH = '/api/users/' as const;

/** Every user, as the admin manages them. */
export const usersArea = createCrudArea({ name: 'users', path: USERS_PATH });
