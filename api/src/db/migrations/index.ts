// The in-code migration provider: every migration, in order. Names sort by their number prefix.
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
