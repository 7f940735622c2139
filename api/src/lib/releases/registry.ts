// The run-time registry the host reads (design §3 "Releases", issue 15 item 4): each remote with a
// live release, its files' URLs and its menu, so that the host draws the menu and loads the code
// with no manifest round trip. The page carries the remotes open to every role; the others come
// for the signed-in user from GET /api/remotes/registry/.
// Every page is made per answer, so the registry is kept in memory and checked with one small query:
// the sum of the remotes' `revision` grows with every change of a live pointer (release rows never
// change what the registry shows), whichever process makes it.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { HomeWidget, MenuEntry, RegistryRemote, RemoteMetaData } from '@portal/shared';
import type { Database } from '../../db/database';
import type { Role } from '../../db/tables/users';
import { releaseFileUrl, releaseManifestUrl } from './release-store';

const ROLES: Role[] = ['dealer', 'manager', 'admin'];

export interface RegistryCache {
  /** Every remote with a live release, by name. */
  remotes(db: Kysely<Database>): Promise<RegistryRemote[]>;
}

export function rolesOf(menu: MenuEntry[], widgets: HomeWidget[] | undefined): Role[] {
  const roles = new Set<Role>([...menu, ...(widgets ?? [])].flatMap((item) => item.roles));
  return ROLES.filter((role) => roles.has(role));
}

async function readRegistry(db: Kysely<Database>): Promise<RegistryRemote[]> {
  const rows = await db.selectFrom('remotes')
    .innerJoin('remote_releases', 'remote_releases.id', 'remotes.live_release')
    .select(['remotes.name', 'remotes.base_path', 'remote_releases.id', 'remote_releases.remote_entry', 'remote_releases.meta', 'remote_releases.contract_version'])
    .orderBy('remotes.name')
    .execute();
  return rows.map((row) => {
    const meta = JSON.parse(row.meta) as RemoteMetaData;
    return {
      name: row.name,
      basePath: row.base_path,
      roles: rolesOf(meta.menu, meta.widgets),
      release: row.id,
      entry: releaseManifestUrl(row.name, row.id),
      remoteEntry: releaseFileUrl(row.name, row.id, row.remote_entry),
      contractVersion: row.contract_version,
      menu: meta.menu,
      ...(meta.widgets ? { widgets: meta.widgets } : {}),
    };
  });
}

export function createRegistryCache(): RegistryCache {
  let kept: { stamp: string; remotes: Promise<RegistryRemote[]> } | undefined;
  return {
    async remotes(db) {
      const { rows } = await sql<{ revisions: string | number | null; count: string | number }>`select sum(revision) as revisions, count(*) as count from remotes`.execute(db);
      const stamp = `${rows[0]?.revisions ?? 0}:${rows[0]?.count ?? 0}`;
      if (kept?.stamp !== stamp) {
        const remotes = readRegistry(db);
        kept = { stamp, remotes };
        remotes.catch(() => {
          if (kept?.remotes === remotes) kept = undefined;
        });
      }
      return kept.remotes;
    },
  };
}

export const openToEveryRole = (remote: RegistryRemote) => ROLES.every((role) => remote.roles.includes(role));

/** JSON for a <script type="application/json">: a `<` is escaped, so nothing in it can close the script. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
