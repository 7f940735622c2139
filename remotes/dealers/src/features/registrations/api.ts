// A manager's decision on a registration request: one step from «new» (design §5). The API takes
// the request's writable fields on PUT; approving creates the dealer and its first user and mails
// the set-password link, rejecting mails the reason (api/src/areas/regreq.ts).
import { apiClient, type RegistrationRequest } from '@portal/shared';
import { REGISTRATIONS_PATH } from './registrations-slice';

export async function approveRequest(request: RegistrationRequest, group: number): Promise<RegistrationRequest> {
  const { data } = await apiClient.put<RegistrationRequest>(`${REGISTRATIONS_PATH}${request.id}/`, { status: 'approved', group });
  return data;
}

export async function rejectRequest(request: RegistrationRequest, reason: string): Promise<RegistrationRequest> {
  const { data } = await apiClient.put<RegistrationRequest>(`${REGISTRATIONS_PATH}${request.id}/`, { status: 'rejected', decision_reason: reason });
  return data;
}
