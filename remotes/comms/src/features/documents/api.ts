// Downloading a document: its bytes sit behind the bearer token, so they come through the one
// client and are saved under the document's name as the list shows it (the API's header names the
// file as it was uploaded), not through a plain link, which would carry no token.
import type { Attachment } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';

export function downloadDocument(item: Attachment): Promise<string> {
  return downloadFile(item.url, {}, item.name, { keepName: true });
}
