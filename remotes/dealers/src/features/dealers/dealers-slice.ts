import { createCrudArea } from '@portal/shared';

export const DEALERS_PATH = '/api/dealers/' as const;

/** Every dealer, as staff manage them. */
export const dealersArea = createCrudArea({ name: 'dealers', path: DEALERS_PATH });
