// `npm run restore -- FILE`: unpacks a backup (lib/backup.ts) into an empty DATA_DIR, with the same
// environment as the server (DATA_DIR, DATABASE_URL, RELEASES_DIR). Start the portal afterwards.
import path from 'node:path';
import { configFromEnv } from '../config';
import { BackupError, describeManifest, PG_RESTORE_HINT, restoreBackup } from '../lib/backup';

const USAGE = 'Usage: npm run restore -- FILE   (into an empty DATA_DIR)';

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (args.length !== 1) throw new BackupError(`Give one backup file.\n${USAGE}`);
  const config = configFromEnv();
  // npm runs the script in the repository's folder; a relative name means the caller's folder.
  const result = await restoreBackup(config, path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]));
  console.log(`Restored ${describeManifest(result.manifest)} into ${result.dataDir}${result.database ? ` (database: ${result.database})` : ''}.`);
  if (!result.database) {
    console.log('The database is on PostgreSQL and was not in this archive: restore its dump into an empty database with');
    console.log(`  ${PG_RESTORE_HINT}`);
  }
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
