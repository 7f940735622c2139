// Files the API serves behind the bearer token (CSV exports, attachments) are fetched through the
// page's one client as a Blob, then handed to the browser as a download: a plain link would carry
// no token. An error answer arrives as a Blob too; its JSON is read back for the API's message.
import { isAxiosError, type AxiosResponse } from 'axios';
import { apiClient, errorMessage } from '@portal/shared';

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = plain ? (plain[1] ?? plain[2]).trim() : '';
  return name || null;
}

/** Hands a Blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A Blob's text; through FileReader where Blob#text is missing (older engines, jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The API's error message of a failed blob request (its body is a Blob holding the JSON). */
export async function blobErrorMessage(err: unknown): Promise<string> {
  if (isAxiosError(err) && err.response && typeof Blob !== 'undefined' && err.response.data instanceof Blob) {
    try {
      const body: unknown = JSON.parse(await blobText(err.response.data));
      err.response.data = body;
    } catch {
      // Not JSON (a proxy's page, say): errorMessage names the status.
      err.response.data = null;
    }
  }
  return errorMessage(err);
}

/** A file the API serves behind the token, as a Blob (a photo to draw from its object URL); rejects with the message a screen shows. */
export async function fetchFile(path: string): Promise<Blob> {
  try {
    return (await apiClient.get<Blob>(path, { responseType: 'blob' })).data;
  } catch (err) {
    throw new Error(await blobErrorMessage(err));
  }
}

export interface DownloadOptions {
  /** Save under `name` even when the API names the file (a document keeps the name the portal shows). */
  keepName?: boolean;
}

/**
 * GETs `path` with `params` through the one client and saves the answer under the name the API
 * gives (Content-Disposition), else `name`. Rejects with the message a screen shows.
 */
export async function downloadFile(path: string, params: Record<string, unknown>, name: string, options: DownloadOptions = {}): Promise<string> {
  let response: AxiosResponse<Blob>;
  try {
    response = await apiClient.get<Blob>(path, { params, responseType: 'blob' });
  } catch (err) {
    throw new Error(await blobErrorMessage(err));
  }
  const headers = response.headers as Record<string, string | undefined>;
  const saved = (options.keepName ? null : fileNameOf(headers['content-disposition'])) ?? name;
  saveBlob(response.data, saved);
  return saved;
}
