// The waybill of a shipment sits behind the bearer token, so it comes through the one client and is
// saved under the name the API gives it, not through a plain link, which would carry no token.
import type { Shipping } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';

type Waybill = NonNullable<Shipping['document']>;

export function downloadWaybill(document: Waybill): Promise<string> {
  return downloadFile(document.url, {}, document.name);
}
