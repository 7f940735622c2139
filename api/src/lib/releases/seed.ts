// The first releases, at start (design §3 "Releases": `npm start` needs nothing else). Each remote
// of the seed registry (REMOTES_REGISTRY, else <portalDist>/remotes.json) gets its row, and its built
// folder (<portalDist>/remotes/<name>/) becomes its first release, through the same gate as an
// upload, made live by `system`. A developer who rebuilds sees their build: when the live release
// is still one `system` made and the built folder differs from it, the new build is registered and
// made live. A release a team deployed is never replaced at start. Processes starting together on
// one PostgreSQL take the remote's row lock in turn, so a remote is seeded once.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/dialect';
import { checkRelease, MANIFEST } from './gate';
import type { HostContract } from './host-contract';
import { activateRelease, pruneReleases, registerRelease, releaseFolder, temporaryFolder, type ReleaseFiles } from './release-store';

export const SYSTEM = 'system';

export interface SeedEntry {
  name: string;
  basePath: string;
}

const REMOTE_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The remotes a seed registry file names; an unreadable file or entry is left out. */
export function readSeedRegistry(file: string | undefined): SeedEntry[] {
  if (!file || !existsSync(file)) return [];
  let registry: unknown;
  try {
    registry = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const remotes = (registry as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  return remotes.flatMap((remote: unknown) => {
    const { name, basePath } = (remote ?? {}) as { name?: unknown; basePath?: unknown };
    if (typeof name !== 'string' || !REMOTE_NAME.test(name)) return [];
    return [{ name, basePath: typeof basePath === 'string' && basePath.startsWith('/') ? basePath : `/${name}` }];
  });
}

export interface SeedOptions {
  db: Kysely<Database>;
  files: ReleaseFiles;
  entries: SeedEntry[];
  /** Where the built remotes are: `<portalDist>/remotes/<name>/`. */
  portalDist: string | undefined;
  host: HostContract;
  warn: (message: string) => void;
}

export async function seedReleases({ db, files, entries, portalDist, host, warn }: SeedOptions): Promise<void> {
  for (const entry of entries) {
    await db.insertInto('remotes').values({ name: entry.name, base_path: entry.basePath, live_release: null, updated_at: nowIso() })
      .onConflict((oc) => oc.column('name').doNothing()).execute();
    const built = portalDist ? path.join(portalDist, 'remotes', entry.name) : undefined;
    if (!built || !existsSync(path.join(built, MANIFEST))) continue;
    const gate = await checkRelease(built, entry.name, host);
    if (!gate.ok) {
      warn(`the built ${entry.name} (${built}) is not registered as a release: ${gate.reasons.map((r) => r.words.en).join('; ')}`);
      continue;
    }
    const seeded = await db.transaction().execute(async (trx) => {
      // A write first: the row (PostgreSQL) or the database (SQLite) is ours until the commit.
      await trx.updateTable('remotes').set((eb) => ({ revision: eb.ref('revision') })).where('name', '=', entry.name).execute();
      const remote = await trx.selectFrom('remotes').select('live_release').where('name', '=', entry.name).executeTakeFirstOrThrow();
      const live = remote.live_release === null ? undefined
        : await trx.selectFrom('remote_releases').select(['created_by', 'content_hash']).where('id', '=', remote.live_release).executeTakeFirst();
      if (live && (live.created_by !== SYSTEM || live.content_hash === gate.release.contentHash)) return false;
      const folder = temporaryFolder(files, entry.name);
      let registered: string | undefined;
      try {
        cpSync(built, folder, { recursive: true });
        registered = (await registerRelease(trx, files, { remote: entry.name, folder, accepted: gate.release, createdBy: SYSTEM })).id;
        const activated = await activateRelease(trx, { remote: entry.name, release: registered, expected: remote.live_release, by: SYSTEM });
        if (!activated.ok) throw new Error(`the seeded release of ${entry.name} could not be made live (${activated.reason})`);
      } catch (error) {
        // The transaction forgets the row: its files go too.
        if (registered) rmSync(releaseFolder(files, entry.name, registered), { recursive: true, force: true });
        throw error;
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
      return true;
    });
    if (seeded) await pruneReleases(db, files, entry.name);
  }
  for (const name of await remotesWithoutLiveFiles(db, files)) {
    warn(`the live release of ${name} has no files in ${files.releasesDir}: every API process must share one RELEASES_DIR (a volume), or this process answers 404 for that remote's files`);
  }
}

/**
 * The remotes whose live release's folder is not in this process's RELEASES_DIR: a process started
 * with its own folder beside others on one database would answer 404 for them.
 */
export async function remotesWithoutLiveFiles(db: Kysely<Database>, files: ReleaseFiles): Promise<string[]> {
  const live = await db.selectFrom('remotes').select(['name', 'live_release']).where('live_release', 'is not', null).orderBy('name').execute();
  return live.filter((r) => !existsSync(path.join(releaseFolder(files, r.name, r.live_release!), MANIFEST))).map((r) => r.name);
}
