// A user's state and its sign-in link: steps of their own on the user's page, not edits of its card.
// The API takes the whole user on PUT, so the user is sent as it is with only `is_active` changed.
import { apiClient, type User } from '@portal/shared';
import { USERS_PATH } from './users-slice';

export async function setUserActive(user: User, isActive: boolean): Promise<User> {
  const { first_name, last_name, role, dealer } = user;
  const { data } = await apiClient.put<User>(`${USERS_PATH}${user.id}/`, { first_name, last_name, role, dealer, is_active: isActive });
  return data;
}

/** Mails the user a new set-password link; answers the server's sentence saying where it went. */
export async function sendSignInLink(user: User): Promise<string> {
  const { data } = await apiClient.post<{ message: string }>(`${USERS_PATH}${user.id}/send-link/`);
  return data.message;
}
