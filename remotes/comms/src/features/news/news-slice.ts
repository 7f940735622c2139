import { createCrudArea, type AreaPath, type Newsletter } from '@portal/shared';

/** Dealers read the news meant for them (/api/news/); staff read every newsletter, drafts too (/api/newsletters/). */
export const newsPath: AreaPath = (state) => (state.auth.user?.is_staff ? '/api/newsletters/' : '/api/news/');

export const newsArea = createCrudArea<Newsletter>({ name: 'news', path: newsPath });
