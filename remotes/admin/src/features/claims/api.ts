// The claim screens' calls that are not plain CRUD: a claim sent with its files (each with its
// progress), its conversation, a status step, and a file's download through the one client.
import { apiPath, apiPost, apiPut, type ApiRequestBody, type Claim, type ClaimComment, type ClaimFile, type ClaimStatus } from '@portal/shared';
import { downloadFile, fetchFile } from '@portal/shared/ui/download-file';
import { postFile } from '@portal/shared/ui/file-upload';
import { CLAIMS_PATH } from './claims-slice';

/** The form field of a claim's or a message's file. */
const FILE_FIELD = 'file';

/** A claim's conversation (its messages, read by the claim's page). */
export const commentsPath = (claimId: number) => apiPath('/api/claims/{id}/comments/', { id: claimId });

/**
 * Files the claim with its first file (a photo first: damage is refused without one), then sends
 * the others one by one. `onProgress` follows each file; a file that fails after the claim exists
 * is named in `failed`, the claim stands.
 */
export async function fileClaim(draft: ApiRequestBody<typeof CLAIMS_PATH, 'post'>, files: File[], onProgress: (index: number, percent: number) => void): Promise<{ claim: Claim; failed: string[] }> {
  const { order, product, quantity, reason, description } = draft;
  const [first, ...rest] = files;
  const claim = first
    ? await postFile<Claim>(CLAIMS_PATH, first, { order, product, quantity, reason, description }, (percent) => onProgress(0, percent), FILE_FIELD)
    : await apiPost(CLAIMS_PATH, draft);
  const failed: string[] = [];
  for (const [index, file] of rest.entries()) {
    try {
      await postFile<ClaimFile>(apiPath('/api/claims/{id}/files/', { id: claim.id }), file, {}, (percent) => onProgress(index + 1, percent), FILE_FIELD);
    } catch {
      failed.push(file.name);
    }
  }
  return { claim, failed };
}

/** A message of the conversation, with its file if any. */
export async function postComment(claimId: number, body: string, internal: boolean, file: File | null, onProgress: (percent: number) => void): Promise<ClaimComment> {
  const fields = { body, ...(internal ? { internal: 'true' } : {}) };
  if (file) return postFile<ClaimComment>(commentsPath(claimId), file, fields, onProgress, FILE_FIELD);
  return apiPost('/api/claims/{id}/comments/', { body, internal }, { path: { id: claimId } });
}

/** Moves the claim one step (the API takes the whole claim on PUT); a refusal rejects with the server's message. */
export async function changeClaimStatus(claim: Claim, status: ClaimStatus, resolution: string, comment: string): Promise<Claim> {
  const body: ApiRequestBody<'/api/claims/{id}/', 'put'> = {
    order: claim.order, product: claim.product, quantity: claim.quantity, reason: claim.reason, description: claim.description,
    status, resolution: resolution.trim() || claim.resolution, ...(comment.trim() ? { status_comment: comment.trim() } : {}),
  };
  return apiPut('/api/claims/{id}/', body, { path: { id: claim.id } });
}

export const downloadClaimFile = (file: ClaimFile) => downloadFile(file.url, {}, file.name, { keepName: true });

/** A claim's photo as a Blob, to draw as its thumbnail. */
export const claimPhoto = (file: ClaimFile) => fetchFile(file.url);
