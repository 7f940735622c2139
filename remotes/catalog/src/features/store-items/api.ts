// A store item's calls that are not plain CRUD: the products matching what is typed in the form's
// product picker (the first 20, by SKU), and its stock movements (design §5, §6): the history, and a
// receipt, write-off or correction recorded with its reason and, if any, its document.
import { apiGet, apiPath, apiPost, type ApiRequestBody, type ApiResponse } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';
import { postFile } from '@portal/shared/ui/file-upload';
import { PRODUCTS_PATH } from '../../components/catalog-paths';

export async function searchProducts(term: string) {
  const data = await apiGet(PRODUCTS_PATH, { query: { search: term.trim() || undefined, page_size: 20, ordering: 'sku' } });
  return data.results;
}

export const MOVEMENTS_PATH = '/api/storeitems/{id}/movements/' as const;
export type StockMovement = ApiResponse<typeof MOVEMENTS_PATH, 'post'>;
export type MovementBody = ApiRequestBody<typeof MOVEMENTS_PATH, 'post'>;
export type MovementKind = MovementBody['kind'];

/** Where a store item's movements are read. */
export const movementsPath = (storeItem: number) => apiPath(MOVEMENTS_PATH, { id: storeItem });

/** Records a movement; with a document it goes as a form (the file in `document`), its progress reported. */
export async function recordMovement(storeItem: number, body: MovementBody, document: File | null, onProgress: (percent: number) => void = () => undefined): Promise<StockMovement> {
  if (document) return postFile<StockMovement>(movementsPath(storeItem), document, { kind: body.kind, quantity: body.quantity, reason: body.reason }, onProgress, 'document');
  return apiPost(MOVEMENTS_PATH, body, { path: { id: storeItem } });
}

export const downloadMovementDocument = (document: NonNullable<StockMovement['document']>) => downloadFile(document.url, {}, document.name, { keepName: true });
