// A shipment's calls that are not plain CRUD: its next status with a comment, the shipments of one
// order for the order page, and the waybill, which sits behind the bearer token, so it comes through
// the one client and is saved under the name the API gives it.
import { apiGet, apiPut, toFormData, type Shipping, type ShippingStatus } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';

/** The shipment's next status (preparing → in_transit → delivered), the comment kept in its history; multipart, as spec §7 says. */
export function changeShipmentStatus(shipment: Shipping, status: ShippingStatus, comment = ''): Promise<Shipping> {
  const body = toFormData({ order: shipment.order, status, ...(comment.trim() ? { status_comment: comment.trim() } : {}) });
  return apiPut('/api/shippings/{id}/', body, { path: { id: shipment.id } });
}

/** The shipments of one order, every one (an order has a handful), oldest first. */
export async function fetchOrderShipments(order: number): Promise<Shipping[]> {
  const { results } = await apiGet('/api/shippings/', { query: { order, page_size: 500, ordering: 'created_at' } });
  return results;
}

type Waybill = NonNullable<Shipping['document']>;

export function downloadWaybill(document: Waybill): Promise<string> {
  return downloadFile(document.url, {}, document.name);
}
