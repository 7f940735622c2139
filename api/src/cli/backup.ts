// `npm run backup -- --out FILE`: one gzip tar of everything the portal keeps, made while it runs
// (lib/backup.ts). It reads the same environment as the server (DATA_DIR, DATABASE_URL, RELEASES_DIR).
import path from 'node:path';
import { configFromEnv } from '../config';
import { BackupError, createBackup, PG_DUMP_HINT } from '../lib/backup';

const USAGE = 'Usage: npm run backup -- [--out FILE]   (default: portal-backup-<date>-<time>.tar.gz here)';

function outOf(args: string[]): string {
  let out: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--out' || arg === '-o') {
      out = args[i + 1];
      i += 1;
      if (!out) throw new BackupError(`--out needs a file name.\n${USAGE}`);
    } else if (arg.startsWith('--out=')) {
      out = arg.slice('--out='.length);
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      throw new BackupError(`Unknown argument "${arg}".\n${USAGE}`);
    }
  }
  return out ?? `portal-backup-${new Date().toISOString().slice(0, 19).replace('T', '-').replace(/:/g, '')}.tar.gz`;
}

async function main() {
  // npm runs the script in the repository's folder; a relative name means the caller's folder.
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), outOf(process.argv.slice(2)));
  const config = configFromEnv();
  const started = Date.now();
  const result = await createBackup(config, out);
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  if (result.database === 'sqlite') {
    console.log(`Backup written: ${result.file} (${mb} MB in ${((Date.now() - started) / 1000).toFixed(1)} s): the SQLite database as of ${result.databaseAsOf} and ${result.files} files of ${config.dataDir}.`);
  } else {
    console.log(`Backup written: ${result.file} (${mb} MB): the ${result.files} files of ${config.dataDir} ONLY.`);
    console.log('The database is on PostgreSQL and is NOT in this archive: dump it as well, at the same time, with');
    console.log(`  ${PG_DUMP_HINT}`);
  }
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
