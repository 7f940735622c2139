// Publishing and withdrawing a newsletter: a status change, not an edit of its text. The API takes
// the whole newsletter on PUT, so the item is sent as it is with only `published` changed.
import { apiPut, type Newsletter } from '@portal/shared';

export function setPublished(item: Newsletter, published: boolean): Promise<Newsletter> {
  const { title, body, audience } = item;
  return apiPut('/api/newsletters/{id}/', { title, body, audience, published }, { path: { id: item.id } });
}
