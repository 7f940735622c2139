// Deactivating and reactivating a dealer: a change of its state, not an edit of its card. The API
// takes the whole dealer on PUT, so the dealer is sent as it is with only `is_active` changed.
import { apiClient, type Dealer } from '@portal/shared';
import { DEALERS_PATH } from './dealers-slice';

export async function setDealerActive(dealer: Dealer, isActive: boolean): Promise<Dealer> {
  const { name, legal_name, tax_id, group, email, phone, address } = dealer;
  const { data } = await apiClient.put<Dealer>(`${DEALERS_PATH}${dealer.id}/`, { name, legal_name, tax_id, group, email, phone, address, is_active: isActive });
  return data;
}
