import { apiClient } from './api-client';
import { apiGet, apiPath, apiPost } from './api-calls';

describe('typed calls of a resource (api.ts)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('fills the path\'s parts, URL-encoded, and refuses a path without them', () => {
    expect(apiPath('/api/claims/{id}/comments/', { id: 3 })).toBe('/api/claims/3/comments/');
    expect(apiPath('/api/remotes/{name}/keys/{id}/', { name: 'a/b', id: 7 })).toBe('/api/remotes/a%2Fb/keys/7/');
    expect(() => apiPath('/api/claims/{id}/comments/')).toThrow(/needs its id/);
  });

  it('goes through the one client with the query and body, answering the data', async () => {
    const get = jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { min_order_total: '0.00', support_email: 'a@b.c' } });
    await expect(apiGet('/api/settings/')).resolves.toEqual({ min_order_total: '0.00', support_email: 'a@b.c' });
    expect(get).toHaveBeenCalledWith('/api/settings/', { params: undefined, headers: undefined, signal: undefined });
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { id: 1 } });
    await apiPost('/api/claims/{id}/comments/', { text: 'Фото приложено' } as never, { path: { id: 5 }, query: { notify: 1 } });
    expect(post).toHaveBeenCalledWith('/api/claims/5/comments/', { text: 'Фото приложено' }, { params: { notify: 1 }, headers: undefined, signal: undefined });
    await apiPost('/api/remotes/{name}/rollback/', undefined, { path: { name: 'comms' }, headers: { 'If-Match': 'r1' }, signal: undefined });
    expect(post).toHaveBeenLastCalledWith('/api/remotes/comms/rollback/', undefined, { params: undefined, headers: { 'If-Match': 'r1' }, signal: undefined });
  });
});
