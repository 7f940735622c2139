import { createCrudArea } from '@portal/shared';

export const NEWSLETTERS_PATH = '/api/newsletters/' as const;

/** Every newsletter, drafts included (staff). */
export const newslettersArea = createCrudArea({ name: 'newsletters', path: NEWSLETTERS_PATH });
