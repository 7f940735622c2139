// A shipment's calls that are not plain CRUD: recording one (`POST /api/shipping/create/`, with its
// waybill as multipart and the upload's progress), its next status with a comment, the shipments of
// one order for the order page, and the waybill, which sits behind the bearer token, so it comes
// through the one client and is saved under the name the API gives it.
import { apiGet, apiPost, apiPut, type ApiRequestBody, type Shipping, type ShippingStatus } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';
import { postFile } from '@portal/shared/ui/file-upload';

const SHIPPING_CREATE_PATH = '/api/shipping/create/' as const;

export type NewShipment = ApiRequestBody<typeof SHIPPING_CREATE_PATH, 'post'>;

/** Records a shipment, with its waybill as multipart when there is one. */
export async function createShipment(fields: NewShipment, waybill: File | null, onProgress: (percent: number) => void): Promise<Shipping> {
  if (waybill) {
    const { order, carrier, tracking_number } = fields;
    return postFile<Shipping>(SHIPPING_CREATE_PATH, waybill, { order, carrier, tracking_number }, onProgress, 'document');
  }
  return apiPost(SHIPPING_CREATE_PATH, fields);
}

/** The shipment's next status (preparing → in_transit → delivered), the comment kept in its history. */
export function changeShipmentStatus(shipment: Shipping, status: ShippingStatus, comment = ''): Promise<Shipping> {
  const body = { order: shipment.order, status, ...(comment.trim() ? { status_comment: comment.trim() } : {}) };
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
