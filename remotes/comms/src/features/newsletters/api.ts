// Publishing and withdrawing a newsletter: a status change, not an edit of its text. The API takes
// the whole newsletter on PUT, so the item is sent as it is with only `published` changed.
import { apiClient, type Newsletter } from '@portal/shared';
import { NEWSLETTERS_PATH } from './newsletters-slice';

export async function setPublished(item: Newsletter, published: boolean): Promise<Newsletter> {
  const { title, body, audience } = item;
  const { data } = await apiClient.put<Newsletter>(`${NEWSLETTERS_PATH}${item.id}/`, { title, body, audience, published });
  return data;
}
