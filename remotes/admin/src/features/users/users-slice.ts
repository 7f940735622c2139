import { createCrudArea, type Dealer, type User } from '@portal/shared';

export const USERS_PATH = '/api/users/';
export const DEALERS_PATH = '/api/dealers/';

/** Every user, as the admin manages them. */
export const usersArea = createCrudArea<User>({ name: 'users', path: USERS_PATH });

/** The dealers a dealer user may belong to: the form's choice and the names in the list. */
export const userDealerChoicesArea = createCrudArea<Dealer>({ name: 'userDealerChoices', path: DEALERS_PATH });
export const ALL_DEALERS = { page_size: 500, ordering: 'name' };
