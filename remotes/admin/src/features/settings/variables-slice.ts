import { createCrudArea } from '@portal/shared';

export const VARIABLES_PATH = '/api/variables/' as const;

/** The variables (admin): all of them at once, by key; a new one is created at spec §7's own path. */
export const variablesArea = createCrudArea({ name: 'variables', path: VARIABLES_PATH, createPath: '/api/variable/create/' });

/** Every variable in one read, ordered by key: the settings screen shows them all. */
export const ALL_VARIABLES = { page_size: 500, ordering: 'key' };
