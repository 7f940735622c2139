// A manager's decision on a registration request: one step from «new» (design §5). The API takes
// the request's writable fields on PUT; approving creates the dealer and its first user and mails
// the set-password link, rejecting mails the reason (api/src/areas/regreq.ts).
import { apiPut, type RegistrationRequest } from '@portal/shared';

export function approveRequest(request: RegistrationRequest, group: number): Promise<RegistrationRequest> {
  return apiPut('/api/regreq/{id}/', { status: 'approved', group }, { path: { id: request.id } });
}

export function rejectRequest(request: RegistrationRequest, reason: string): Promise<RegistrationRequest> {
  return apiPut('/api/regreq/{id}/', { status: 'rejected', decision_reason: reason }, { path: { id: request.id } });
}
