// A user's sign-in link: a step of its own on the user's page, not an edit of its card.
import { apiClient, apiPath, type ApiResponse, type User } from '@portal/shared';

/** Mails the user a new set-password link; answers the server's sentence saying where it went. */
export async function sendSignInLink(user: User): Promise<string> {
  const { data } = await apiClient.post<ApiResponse<'/api/users/{id}/send-link/', 'post'>>(apiPath('/api/users/{id}/send-link/', { id: user.id }));
  return data.message;
}
