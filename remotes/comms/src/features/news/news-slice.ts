import { createCrudArea, type Newsletter, type RootState } from '@portal/shared';

/** Dealers read the news meant for them (/api/news/); staff read every newsletter, drafts too (/api/newsletters/). */
export const newsPath = (state: RootState) => (state.auth.user?.is_staff ? '/api/newsletters/' as const : '/api/news/' as const);

export const newsArea = createCrudArea<'/api/news/' | '/api/newsletters/', Newsletter>({ name: 'news', path: newsPath });
