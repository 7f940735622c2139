// What the running portal offers a remote (design §3 "Releases"): the contract version the host was
// built against and the version of each shared singleton it provides. The built host writes it into
// its mf-manifest.json as `metaData.portal` ({contractVersion, shared}); without a built host (API
// tests, an API started alone) it is read from the repository: CONTRACT_VERSION from
// shared/src/version.ts (as text: the API imports only types from @portal/shared) and the installed
// packages, as rspack.config.base.ts does when it builds the host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config';

export interface HostContract {
  contractVersion: string;
  /** The version the host provides of a shared module (`react`, `antd/es/button`), if it provides it. */
  provided(pkg: string): string | undefined;
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `antd/es/button` → `antd`, `@portal/shared` → itself, `react-dom/client` → `react-dom`. */
export function packageOf(module: string): string {
  const parts = module.split('/');
  return module.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function fromHostBuild(portalDist: string): HostContract | undefined {
  const manifest = readJson(path.join(portalDist, 'mf-manifest.json'));
  const portal = isRecord(manifest) && isRecord(manifest.metaData) ? manifest.metaData.portal : undefined;
  if (!isRecord(portal) || typeof portal.contractVersion !== 'string' || !isRecord(portal.shared)) return undefined;
  const shared = portal.shared;
  return {
    contractVersion: portal.contractVersion,
    provided: (pkg) => (Object.hasOwn(shared, pkg) && typeof shared[pkg] === 'string' ? shared[pkg] : undefined),
  };
}

function fromRepository(root: string): HostContract {
  const source = readFileSync(path.join(root, 'shared/src/version.ts'), 'utf8');
  const match = /CONTRACT_VERSION\s*=\s*'([^']+)'/.exec(source);
  if (!match) throw new Error('shared/src/version.ts does not declare CONTRACT_VERSION');
  return {
    contractVersion: match[1],
    provided(pkg) {
      // A name with `..` or odd characters is not a package: never a path outside node_modules.
      if (!/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+(\/[a-zA-Z0-9._-]+)*$/.test(pkg) || pkg.split('/').some((p) => p === '..' || p === '.')) return undefined;
      const json = readJson(path.join(root, 'node_modules', packageOf(pkg), 'package.json'));
      return isRecord(json) && typeof json.version === 'string' ? json.version : undefined;
    },
  };
}

/** The built host's contract, else the repository's. Read on each call: a rebuilt host counts at once. */
export function hostContract(portalDist: string | undefined, root = REPO_ROOT): HostContract {
  return (portalDist && fromHostBuild(portalDist)) || fromRepository(root);
}
