// The registry of releases in the database and their files on disk (design §3 "Releases"). A
// release's files are written to a temporary sibling folder and renamed into place, so a reader
// sees all of a release or none of it; its row is written after. The live pointer moves by one
// conditional update (`where live_release = <the id the caller saw>`) in a transaction with its
// activation row: of two deploys that saw the same live release, one moves it and the other is told
// it moved (412), whichever API process takes them.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/database';
import { nowIso, toBool, toIso } from '../../db/dialect';
import type { RemoteReleasesTable } from '../../db/tables/remotes';
import type { LiveReleaseSchema, ReleaseSchema, RemoteStateSchema } from '../../schemas/remotes';
import type { AcceptedRelease } from './gate';

export interface ReleaseFiles {
  releasesDir: string;
  /** How many of the releases that were ever live keep their files (RELEASES_KEPT). */
  releasesKept: number;
  /** A release live within this many hours keeps its files: tabs opened on it still load it (RELEASES_GRACE_HOURS, default 24). */
  releasesGraceHours?: number;
}

/** How long an upload never made live keeps its files (a deploy that lost a race, a release staged for later). */
export const UNUSED_UPLOAD_KEPT_MS = 24 * 3600_000;

/** Unique for ever, even after the database is reset (its files are cached as immutable by URL): time, then randomness. */
export const newReleaseId = () => `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;

export const RELEASE_ID = /^[a-z0-9]+-[0-9a-f]{10}$/;

export const releaseFolder = (files: ReleaseFiles, remote: string, id: string) => path.join(files.releasesDir, remote, id);

/** A new empty folder beside the remote's releases, owner-only, for an upload to be unpacked into. */
export function temporaryFolder(files: ReleaseFiles, remote: string): string {
  const parent = path.join(files.releasesDir, remote);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const folder = path.join(parent, `.incoming-${randomBytes(8).toString('hex')}`);
  mkdirSync(folder, { mode: 0o700 });
  return folder;
}

/**
 * Unpacking folders an upload left behind (a process stopped mid-upload), older than `olderThanMs`:
 * one another process may still be filling is younger than that. Never served; removed at start.
 */
export function removeStaleUploads(files: ReleaseFiles, olderThanMs = 60 * 60_000, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const remote of existsSync(files.releasesDir) ? readdirSync(files.releasesDir, { withFileTypes: true }) : []) {
    if (!remote.isDirectory()) continue;
    const parent = path.join(files.releasesDir, remote.name);
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      const folder = path.join(parent, entry.name);
      if (!entry.isDirectory() || !entry.name.startsWith('.incoming-') || now - statSync(folder).mtimeMs < olderThanMs) continue;
      rmSync(folder, { recursive: true, force: true });
      removed.push(folder);
    }
  }
  return removed;
}

export const releaseManifestUrl = (remote: string, id: string) => `/remotes/${remote}/${id}/mf-manifest.json`;
export const releaseFileUrl = (remote: string, id: string, file: string) => `/remotes/${remote}/${id}/${file}`;

const entryFilesRead = new Map<string, string[]>();
const ENTRY_FILES_KEPT = 256;
/** A file name a manifest may give: folders and names of letters, digits, `.`, `_` and `-`, never `..`. */
const ASSET = /^(?!.*\.\.)[\w.-]+(\/[\w.-]+)*\.(js|css)$/;

/**
 * The URLs of the files a release's exposed module runs first (its mf-manifest.json's `exposes`,
 * their `sync` js and css): a page opened in the remote's area preloads them with its remoteEntry.js
 * (plugins/portal-static.ts), rather than after the host's scripts have run and asked for them. A
 * release never changes, so its manifest is read once; one that cannot be read gives none.
 */
export function releaseEntryFiles(files: ReleaseFiles, remote: string, id: string): string[] {
  const folder = releaseFolder(files, remote, id);
  const known = entryFilesRead.get(folder);
  if (known) return known;
  const urls: string[] = [];
  try {
    const manifest = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')) as { exposes?: Array<{ assets?: Record<string, { sync?: unknown }> }> };
    for (const expose of Array.isArray(manifest.exposes) ? manifest.exposes : []) {
      for (const kind of ['css', 'js']) {
        const sync = expose?.assets?.[kind]?.sync;
        for (const name of Array.isArray(sync) ? sync : []) if (typeof name === 'string' && ASSET.test(name)) urls.push(releaseFileUrl(remote, id, name));
      }
    }
  } catch {
    return [];
  }
  if (entryFilesRead.size >= ENTRY_FILES_KEPT) entryFilesRead.delete(entryFilesRead.keys().next().value!);
  const unique = [...new Set(urls)];
  entryFilesRead.set(folder, unique);
  return unique;
}

/** The API's shapes of a release, the live release and a remote's state (schemas/remotes.ts). */
export type ReleaseJson = Static<typeof ReleaseSchema>;
export type LiveJson = Static<typeof LiveReleaseSchema>;
export type RemoteStateJson = Static<typeof RemoteStateSchema>;

type ReleaseRow = Selectable<RemoteReleasesTable>;

export function releaseJson(row: ReleaseRow, liveId: string | null): ReleaseJson {
  return {
    id: row.id,
    remote: row.remote,
    contract_version: row.contract_version,
    version: row.version,
    git_sha: row.git_sha,
    created_at: toIso(row.created_at),
    created_by: row.created_by,
    activated_at: toIso(row.activated_at),
    activated_by: row.activated_by,
    files_kept: toBool(row.files_kept),
    live: row.id === liveId,
  };
}

/** How many of a remote's activations its state lists, newest first (the table keeps them all). */
export const ACTIVATIONS_SHOWN = 50;

/** Each named remote (all when `names` is absent) with its live release and its releases, newest first. */
export async function remoteStates(db: Kysely<Database>, names?: string[]): Promise<RemoteStateJson[]> {
  if (names && !names.length) return [];
  let remotesQuery = db.selectFrom('remotes').selectAll().orderBy('name');
  let releasesQuery = db.selectFrom('remote_releases').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (names) {
    remotesQuery = remotesQuery.where('name', 'in', names);
    releasesQuery = releasesQuery.where('remote', 'in', names);
  }
  // Each remote's activations, newest first: the history, and the newest of its live release names
  // what a rollback returns to.
  let activationsQuery = db.selectFrom('release_activations')
    .select(['remote', 'release', 'previous_release', 'activated_at', 'activated_by']).orderBy('id', 'desc');
  if (names) activationsQuery = activationsQuery.where('remote', 'in', names);
  const [remotes, releases, activations] = await Promise.all([remotesQuery.execute(), releasesQuery.execute(), activationsQuery.execute()]);
  return remotes.map((remote) => {
    const own = releases.filter((r) => r.remote === remote.name);
    const live = own.find((r) => r.id === remote.live_release);
    const history = activations.filter((a) => a.remote === remote.name);
    const before = rollbackTarget(history, remote.live_release);
    const rollbackTo = own.find((r) => r.id === before && toBool(r.files_kept))?.id ?? null;
    return {
      name: remote.name,
      base_path: remote.base_path,
      live: live ? {
        id: live.id,
        entry: releaseManifestUrl(remote.name, live.id),
        contract_version: live.contract_version,
        version: live.version,
        git_sha: live.git_sha,
        created_at: toIso(live.created_at),
        created_by: live.created_by,
        activated_at: toIso(live.activated_at),
        activated_by: live.activated_by,
      } : null,
      rollback_to: rollbackTo,
      releases: own.map((r) => releaseJson(r, remote.live_release)),
      activations: history.slice(0, ACTIVATIONS_SHOWN).map((a) => ({
        release: a.release, previous_release: a.previous_release, activated_at: toIso(a.activated_at), activated_by: a.activated_by,
      })),
    };
  });
}

export async function remoteState(db: Kysely<Database>, name: string): Promise<RemoteStateJson | undefined> {
  return (await remoteStates(db, [name]))[0];
}

/** Moves an unpacked, accepted folder into place as a new release and registers it. */
export async function registerRelease(db: Kysely<Database>, files: ReleaseFiles, options: {
  remote: string; folder: string; accepted: AcceptedRelease; createdBy: string;
}): Promise<ReleaseRow> {
  const id = newReleaseId();
  const target = releaseFolder(files, options.remote, id);
  renameSync(options.folder, target);
  const { meta } = options.accepted;
  const row = {
    id,
    remote: options.remote,
    contract_version: meta.contractVersion,
    version: meta.version ?? null,
    git_sha: meta.gitSha ?? null,
    remote_entry: options.accepted.remoteEntry,
    meta: JSON.stringify(meta),
    content_hash: options.accepted.contentHash,
    files_kept: true,
    created_at: nowIso(),
    created_by: options.createdBy,
    activated_at: null,
    activated_by: null,
  };
  try {
    await db.insertInto('remote_releases').values(row).execute();
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
  return row;
}

/**
 * The releases whose files go (their rows stay), issue 32 item 3. A release keeps its files when it
 * is live, or the rollback target (what the live one replaced), or was live within the last
 * `releasesGraceHours` (a tab opened on it still loads its chunks), or is among the newest
 * `releasesKept` of those ever made live; an upload never made live keeps them for a day
 * (UNUSED_UPLOAD_KEPT_MS), and never counts toward `releasesKept`.
 */
export async function releasesToPrune(db: Kysely<Database>, files: ReleaseFiles, remote: string, now = Date.now()): Promise<string[]> {
  const [releases, activations, row] = await Promise.all([
    db.selectFrom('remote_releases').select(['id', 'created_at']).where('remote', '=', remote).where('files_kept', '=', true)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    db.selectFrom('release_activations').select(['release', 'previous_release', 'activated_at']).where('remote', '=', remote).orderBy('id').execute(),
    db.selectFrom('remotes').select('live_release').where('name', '=', remote).executeTakeFirst(),
  ]);
  const live = row?.live_release ?? null;
  const keep = new Set<string>(live ? [live] : []);
  const rollbackTo = rollbackTarget([...activations].reverse(), live);
  if (rollbackTo) keep.add(rollbackTo);
  // Each activation's release stayed live until the next activation of the remote.
  const since = now - (files.releasesGraceHours ?? 24) * 3600_000;
  activations.forEach((activation, i) => {
    const until = i + 1 < activations.length ? Date.parse(toIso(activations[i + 1].activated_at)) : now;
    if (until >= since) keep.add(activation.release);
  });
  const everLive = new Set(activations.map((a) => a.release));
  for (const release of releases.filter((r) => everLive.has(r.id)).slice(0, files.releasesKept)) keep.add(release.id);
  for (const release of releases) if (!everLive.has(release.id) && Date.parse(toIso(release.created_at)) > now - UNUSED_UPLOAD_KEPT_MS) keep.add(release.id);
  return releases.filter((r) => !keep.has(r.id)).map((r) => r.id);
}

/** Takes the files of the releases `releasesToPrune` names; the live one never loses them, whatever happens meanwhile. */
export async function pruneReleases(db: Kysely<Database>, files: ReleaseFiles, remote: string, now = Date.now()): Promise<string[]> {
  const pruned: string[] = [];
  for (const id of await releasesToPrune(db, files, remote, now)) {
    const dropped = await db.transaction().execute(async (trx) => {
      // The remote's row first, as an activation takes it: an activation of this release waits,
      // then finds its files gone (see activateRelease), rather than making live what goes here.
      await trx.updateTable('remotes').set((eb) => ({ revision: eb.ref('revision') })).where('name', '=', remote).execute();
      const result = await trx.updateTable('remote_releases').set({ files_kept: false }).where('id', '=', id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('remotes').select('name').where('name', '=', remote).where('live_release', '=', id))))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    });
    if (dropped) {
      rmSync(releaseFolder(files, remote, id), { recursive: true, force: true });
      pruned.push(id);
    }
  }
  return pruned;
}

/**
 * The live release the caller saw, from If-Match: an id (quotes optional, `W/` tolerated), or null
 * for "none yet" (`*` or `""`); undefined when the header is absent.
 */
export function expectedLive(header: string | string[] | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header[0] : header).split(',')[0].trim().replace(/^W\//, '');
  const value = raw.replace(/^"(.*)"$/, '$1').trim();
  return value === '*' || value === '' ? null : value;
}

export type ActivationResult = { ok: true } | { ok: false; reason: 'unknown_release' | 'files_gone' | 'moved' };

/**
 * Makes `release` the remote's live release if the live one is still `expected` (null: none yet).
 * Activating the release that is live already changes nothing.
 */
export async function activateRelease(db: Kysely<Database>, options: {
  remote: string; release: string; expected: string | null; by: string;
}): Promise<ActivationResult> {
  // The seed calls this inside its own transaction; a route calls it with the database.
  const inTransaction = (run: (trx: Kysely<Database>) => Promise<ActivationResult>) => (db.isTransaction ? run(db) : db.transaction().execute(run));
  return inTransaction(async (trx): Promise<ActivationResult> => {
    const release = await trx.selectFrom('remote_releases').select(['id', 'files_kept'])
      .where('id', '=', options.release).where('remote', '=', options.remote).executeTakeFirst();
    if (!release) return { ok: false, reason: 'unknown_release' };
    if (!toBool(release.files_kept)) return { ok: false, reason: 'files_gone' };
    if (options.release === options.expected) {
      const remote = await trx.selectFrom('remotes').select('live_release').where('name', '=', options.remote).executeTakeFirstOrThrow();
      return remote.live_release === options.expected ? { ok: true } : { ok: false, reason: 'moved' };
    }
    const at = nowIso();
    const moved = await trx.updateTable('remotes')
      .set((eb) => ({ live_release: options.release, revision: eb('revision', '+', 1), updated_at: at }))
      .where('name', '=', options.remote)
      .where('live_release', options.expected === null ? 'is' : '=', options.expected)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return { ok: false, reason: 'moved' };
    await trx.insertInto('release_activations').values({
      remote: options.remote, release: options.release, previous_release: options.expected, activated_at: at, activated_by: options.by,
    }).execute();
    // Its files still kept, now that the remote's row is ours: a prune that took the row first has
    // marked them gone, and the pointer goes back (the transaction is undone).
    const stamped = await trx.updateTable('remote_releases').set({ activated_at: at, activated_by: options.by })
      .where('id', '=', options.release).where('files_kept', '=', true).executeTakeFirst();
    if (stamped.numUpdatedRows === 0n) throw new FilesGone();
    return { ok: true };
  }).catch((error: unknown) => {
    if (error instanceof FilesGone) return { ok: false, reason: 'files_gone' } as const;
    throw error;
  });
}

/** Thrown inside an activation's transaction to undo it: the release's files went meanwhile. */
class FilesGone extends Error {}

export type RollbackResult = ActivationResult | { ok: false; reason: 'no_previous' };

/**
 * What a rollback returns to: the release the live one replaced when it was last made live (so a
 * second rollback returns to the first one's), from a remote's activations, newest first.
 */
export function rollbackTarget(activations: ReadonlyArray<{ release: string; previous_release: string | null }>, live: string | null): string | null {
  if (live === null) return null;
  return activations.find((a) => a.release === live)?.previous_release ?? null;
}

/** Makes the release live before the current one live again (its files must still be kept). */
export async function rollbackRelease(db: Kysely<Database>, options: { remote: string; expected?: string | null; by: string }): Promise<RollbackResult> {
  const remote = await db.selectFrom('remotes').select('live_release').where('name', '=', options.remote).executeTakeFirstOrThrow();
  if (options.expected !== undefined && options.expected !== remote.live_release) return { ok: false, reason: 'moved' };
  if (remote.live_release === null) return { ok: false, reason: 'no_previous' };
  const activations = await db.selectFrom('release_activations').select(['release', 'previous_release'])
    .where('remote', '=', options.remote).where('release', '=', remote.live_release).orderBy('id', 'desc').limit(1).execute();
  const previous = rollbackTarget(activations, remote.live_release);
  if (!previous) return { ok: false, reason: 'no_previous' };
  return activateRelease(db, { remote: options.remote, release: previous, expected: remote.live_release, by: options.by });
}
