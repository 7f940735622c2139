// The preset's surface (preset.cjs), for rspack.config.base.ts and a remote team's own scripts.
import type { Configuration } from '@rspack/core';

export interface RemoteBuild {
  /** The remote's registry name, e.g. 'comms'. */
  name: string;
  /** The remote's folder (src/module.tsx, src/menu.json, package.json). */
  dir: string;
  /** Where the files go; defaults to <dir>/dist. */
  outDir?: string;
  production?: boolean;
}

export interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  version: string;
  import?: false;
}

/** What every portal build shares (rules, splitChunks, the federation plugin with these options); the caller adds entry and output. */
export function baseConfig(options: {
  name: string;
  dir: string;
  production?: boolean;
  contractVersion: string;
  federation: Record<string, unknown>;
}): Configuration;
export function createRemoteConfig(options: RemoteBuild): Configuration;
/** The one Module Federation `shared` list: the host provides it, a remote consumes it (`consumeOnly`) with the contract's ranges. */
export function sharedModules(options: { from: string; consumeOnly?: boolean }): Record<string, SharedConfig>;
/** Share key → the version installed for `from` (what a host built there provides). */
export function providedVersions(from: string): Record<string, string>;
/** PORTAL_CONTRACT_VERSION, else the installed @portal/shared's version. */
export function contractVersion(from: string): string;
/** The contract package's peer ranges, and `^<major>.0.0` of itself. */
export function contractRanges(from: string): Record<string, string>;
export function contractPackage(from: string): { dir: string; json: { version: string; peerDependencies?: Record<string, string> } };
export function precompress(dir: string, skip?: (folder: string) => boolean): void;
export function packageDir(pkg: string, from: string): string;
export function installedVersion(pkg: string, from: string): string;
