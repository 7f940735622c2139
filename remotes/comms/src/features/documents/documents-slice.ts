import { createCrudArea } from '@portal/shared';

export const DOCUMENTS_PATH = '/api/attachments/' as const;

/** The files a user may download (design §4): for all dealers, for the dealer, or uploaded by them. */
export const documentsArea = createCrudArea({ name: 'documents', path: DOCUMENTS_PATH, multipart: true });
