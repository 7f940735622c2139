// The order page's calls that are not plain CRUD: a status change (the API takes the whole order on
// PUT, so its lines and comment go back as they are, with only the status changed), a shipment and
// its later statuses, the order's cancellation requests, the documents, and the dealer's current
// price of each product for «Повторить заказ».
import {
  apiClient, type AttachedFile, type DealerProduct, type Order, type OrderDeletionRequest, type OrderStatus, type Shipping,
  type ShippingStatus,
} from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';
import { postFile } from '@portal/shared/ui/file-upload';
import { ORDERS_PATH } from './orders-slice';

export const SHIPPINGS_PATH = '/api/shippings/';
export const SHIPPING_CREATE_PATH = '/api/shipping/create/';
export const DELETION_REQUESTS_PATH = '/api/orderdelreq/';
export const DEALER_PRODUCTS_PATH = '/api/dp/';

/** The body field that carries the optional comment of a status change into the item's history. */
export const STATUS_COMMENT_FIELD = 'status_comment';

/** The lines as the API takes them: product and quantity (prices are the server's). */
export function lineBodies(lines: Array<{ product: number; quantity: number }>) {
  return lines.map(({ product, quantity }) => ({ product, quantity }));
}

/** Moves the order one step (design §5); a refusal (409: not enough stock, say) rejects with the server's message. */
export async function changeOrderStatus(order: Order, status: OrderStatus, comment = ''): Promise<Order> {
  const body = {
    items: lineBodies(order.items), comment: order.comment, status,
    ...(comment.trim() ? { [STATUS_COMMENT_FIELD]: comment.trim() } : {}),
  };
  const { data } = await apiClient.put<Order>(`${ORDERS_PATH}${order.id}/`, body);
  return data;
}

/** The order's shipments and cancellation requests, every one (an order has a handful). */
const ALL_OF_ORDER = (order: number) => ({ order, page_size: 500, ordering: 'created_at' });

export async function fetchShipments(order: number): Promise<Shipping[]> {
  const { data } = await apiClient.get<{ results: Shipping[] }>(SHIPPINGS_PATH, { params: ALL_OF_ORDER(order) });
  return data.results;
}

export async function fetchDeletionRequests(order: number): Promise<OrderDeletionRequest[]> {
  const { data } = await apiClient.get<{ results: OrderDeletionRequest[] }>(DELETION_REQUESTS_PATH, { params: ALL_OF_ORDER(order) });
  return data.results;
}

export interface ShipmentFields {
  order: number;
  carrier: string;
  tracking_number: string;
}

/** Records a shipment (`POST /api/shipping/create/`), with its waybill as multipart when there is one. */
export async function createShipment(fields: ShipmentFields, waybill: File | null, onProgress: (percent: number) => void): Promise<Shipping> {
  if (waybill) return postFile<Shipping>(SHIPPING_CREATE_PATH, waybill, { ...fields }, onProgress, 'document');
  const { data } = await apiClient.post<Shipping>(SHIPPING_CREATE_PATH, fields);
  return data;
}

/** The shipment's next status (preparing → in_transit → delivered). */
export async function changeShipmentStatus(shipment: Shipping, status: ShippingStatus, comment = ''): Promise<Shipping> {
  const body = { order: shipment.order, status, ...(comment.trim() ? { [STATUS_COMMENT_FIELD]: comment.trim() } : {}) };
  const { data } = await apiClient.put<Shipping>(`${SHIPPINGS_PATH}${shipment.id}/`, body);
  return data;
}

/** Downloads a document of the order, a shipment or a request under the name the page shows. */
export function downloadDocument(document: AttachedFile): Promise<string> {
  return downloadFile(document.url, {}, document.name, { keepName: true });
}

/** The HTTP status of a failed call through the one client (an axios error), if it had one. */
function statusOf(err: unknown): number | undefined {
  return (err as { response?: { status?: number } } | null)?.response?.status;
}

/** The product as the dealer may buy it today; null when it is no longer sold (gone, 404, or inactive). */
export async function currentProduct(product: number): Promise<DealerProduct | null> {
  try {
    const { data } = await apiClient.get<DealerProduct>(`${DEALER_PRODUCTS_PATH}${product}/`);
    return data.is_active ? data : null;
  } catch (err) {
    if (statusOf(err) === 404) return null;
    throw err;
  }
}
