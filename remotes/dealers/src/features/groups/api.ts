// Deleting a dealer group goes through the client, not the area's `remove`: the server refuses a
// group that dealers belong to (409), and a refused `remove` sets the area's error, which empties the
// list's table and unmounts the confirm dialog that should say why.
import { apiDelete, forgetChoices } from '@portal/shared';
import { GROUPS_PATH } from './groups-slice';

export async function deleteGroup(id: number): Promise<void> {
  await apiDelete('/api/dealergroups/{id}/', { path: { id } });
  // The dealer form's and the filters' group choices no longer offer it.
  forgetChoices(GROUPS_PATH);
}
