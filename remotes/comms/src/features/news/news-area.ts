import { createCrudArea, type Newsletter } from '@portal/shared';

/** Dealers read published news (/api/news/); staff manage every newsletter (/api/newsletters/). */
export const newsArea = createCrudArea<Newsletter>({
  name: 'news',
  path: (state) => (state.auth.user?.is_staff ? '/api/newsletters/' : '/api/news/'),
});
