import { createCrudArea, type Newsletter } from '@portal/shared';

export const NEWSLETTERS_PATH = '/api/newsletters/';

/** Every newsletter, drafts included (staff). */
export const newslettersArea = createCrudArea<Newsletter>({ name: 'newsletters', path: NEWSLETTERS_PATH });
