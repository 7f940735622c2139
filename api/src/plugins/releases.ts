// The remotes' releases (design §3 "Releases"): the service the routes and the page use, the first
// releases seeded at start, and the release files at /remotes/<name>/<id>/…, every one of them
// (mf-manifest.json and remoteEntry.js too) cached as immutable: a release never changes, a new
// one has a new id. The build's .br and .gz beside hashed files are sent as they are. They are served
// from memory (plugins/memory-static.ts, at most 64 MiB kept), never read through the thread pool
// the password hashes take (issue 17 item 4).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { hostContract, type HostContract } from '../lib/releases/host-contract';
import { cookieValue, OVERRIDE_COOKIE, readOverrides, type Overrides } from '../lib/releases/overrides';
import { createRegistryCache, type RegistryCache } from '../lib/releases/registry';
import { RELEASE_FILE } from '../lib/releases/gate';
import { RELEASE_ID, removeStaleUploads, type ReleaseFiles } from '../lib/releases/release-store';
import { readSeedRegistry, seedReleases, type SeedEntry } from '../lib/releases/seed';
import { jwtSecret } from './auth';
import { grantOf } from './permissions';
import { FileCache, serveFromMemory } from './memory-static';
import { sharedScope } from './shared-scope';

export interface ReleasesService {
  files: ReleaseFiles;
  registry: RegistryCache;
  /** The running portal's contract, read anew each time (a rebuilt host counts at once). */
  host(): HostContract;
  /** The seed registry file (REMOTES_REGISTRY, else <portalDist>/remotes.json), if any. */
  seedFile: string | undefined;
  seedEntries(): SeedEntry[];
  /**
   * The valid overrides of a request's cookie: signed, not expired, and its user still active, still
   * allowed to make one, its sessions not ended since it was made. Always null while REMOTE_OVERRIDES is off.
   */
  overridesOf(cookieHeader: string | undefined): Promise<Overrides | null>;
  overrideSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasesService;
  }
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const SEGMENT = /^[a-z][a-z0-9-]{0,63}$/;

export default sharedScope<{ config: AppConfig }>(async function releases(app, { config }) {
  const files: ReleaseFiles = { releasesDir: config.releasesDir, releasesKept: config.releasesKept, releasesGraceHours: config.releasesGraceHours };
  mkdirSync(files.releasesDir, { recursive: true, mode: 0o700 });
  removeStaleUploads(files);
  const seedFile = config.remotesRegistry ?? (config.portalDist ? path.join(config.portalDist, 'remotes.json') : undefined);
  const secret = jwtSecret(config);
  const service: ReleasesService = {
    files,
    registry: createRegistryCache(),
    host: () => hostContract(config.portalDist),
    seedFile: seedFile && existsSync(seedFile) ? seedFile : undefined,
    seedEntries: () => readSeedRegistry(seedFile),
    overrideSecret: secret,
    async overridesOf(header) {
      const value = config.remoteOverrides ? readOverrides(cookieValue(header, OVERRIDE_COOKIE), secret, config.remoteOverrideOrigins) : null;
      if (!value) return null;
      const role = await app.tokens.sessionRole(value.user, value.made);
      return role && grantOf('remoteoverrides', role, 'create') ? value : null;
    },
  };
  app.decorate('releases', service);

  await seedReleases({
    db: app.db,
    files,
    entries: service.seedEntries(),
    portalDist: config.portalDist,
    host: service.host(),
    warn: (message) => app.log.warn(message),
  });

  serveFromMemory(app, {
    root: files.releasesDir,
    prefix: '/remotes/',
    cache: new FileCache(64 * 1024 * 1024),
    // Only <name>/<id>/<file> of a type a release may hold (the gate's list): never an upload being
    // unpacked (.incoming-…), a folder, nor a page (an .html of a release kept from before the list).
    allowedPath: (pathname) => {
      const parts = pathname.split('/').filter(Boolean);
      return parts.length >= 3 && SEGMENT.test(parts[0]) && RELEASE_ID.test(parts[1]) && !parts.some((p) => p.startsWith('.')) && RELEASE_FILE.test(pathname);
    },
    // The same URL answers gzip, brotli or plain bytes: a shared cache must keep them apart. A release
    // file is loaded by the page (a script, a sheet, a fetch), never opened as a page: opened, it runs
    // nothing and reads nothing of the portal's origin (a sandbox); like every answer it says nosniff.
    headers: () => ({ 'cache-control': IMMUTABLE, vary: 'Accept-Encoding', 'content-security-policy': "default-src 'none'; sandbox" }),
    lastModified: false,
  });
});
