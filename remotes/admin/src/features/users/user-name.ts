import type { User } from '@portal/shared';

/** How a user is named on the screens: first and last name, or the email while it has none. */
export const userName = (user: Pick<User, 'first_name' | 'last_name' | 'email'>) => `${user.first_name} ${user.last_name}`.trim() || user.email;
