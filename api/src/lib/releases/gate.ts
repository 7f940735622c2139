// The gate a release passes before it is registered (design §3 "Releases"): a pure reading of the
// extracted folder against the host's contract. It answers every reason that applies, each with a
// code (`contract_major`, `contract_minor`, `shared_range`, `schema`, `missing_file`, `name`,
// `file_type`) and a message a remote team understands, so that one refused upload tells them all
// they must fix. It reads the files without holding the event loop (issue 30 item 3): the folder
// may hold a release's 50 MB, and the server answers everyone else meanwhile.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import semver from 'semver';
import type { RemoteMetaData } from '@portal/shared';
import { REPO_ROOT } from '../../config';
import type { HostContract } from './host-contract';
import type { Language } from '../messages';

export type GateCode = 'contract_major' | 'contract_minor' | 'shared_range' | 'schema' | 'missing_file' | 'name' | 'file_type' | 'unshared_library';

/**
 * The files a release may hold (issue 30 item 2): what a built remote is made of, and their
 * precompressed twins. Anything else (an HTML page, say) would be served on the portal's own origin,
 * where a page of a remote team's could read a user's tokens: the gate refuses it, and the server
 * never serves it (plugins/releases.ts).
 */
export const RELEASE_FILE = /\.(js|mjs|css|json|map|woff2|png|svg|webp)(\.br|\.gz)?$/;

/** What makes an SVG active when it is opened as a page: a script, an event handler, a javascript: link, embedded HTML. */
const ACTIVE_SVG = /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i;

/** The largest SVG the gate reads to look for script, unpacked (a release's SVGs are icons). */
const SVG_READ_LIMIT = 10 * 1024 * 1024;
/** The largest mf-manifest.json read (a built remote's is a few kilobytes). */
const MANIFEST_READ_LIMIT = 1024 * 1024;

const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/** Every file under `folder`, as a path relative to it with `/` between folders. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** An SVG's text, unpacked from its .br or .gz twin; null when it cannot be read within the limit. */
async function svgText(file: string): Promise<string | null> {
  try {
    const bytes = await readFile(file);
    if (file.endsWith('.br')) return (await brotliDecompressAsync(bytes, { maxOutputLength: SVG_READ_LIMIT })).toString('utf8');
    if (file.endsWith('.gz')) return (await gunzipAsync(bytes, { maxOutputLength: SVG_READ_LIMIT })).toString('utf8');
    return bytes.length > SVG_READ_LIMIT ? null : bytes.toString('utf8');
  } catch {
    return null;
  }
}

/** The reasons the folder's files give: a type off the list, an SVG with script. */
async function fileTypeReasons(folder: string, files: string[]): Promise<GateReason[]> {
  const reasons: GateReason[] = [];
  for (const file of files) {
    if (!RELEASE_FILE.test(file)) {
      reasons.push({ code: 'file_type', words: { en: `"${file}" is not a file a release may hold (js, mjs, css, json, map, woff2, png, svg, webp, and their .br and .gz)`, ru: `«${file}» — не файл, который может быть в релизе (js, mjs, css, json, map, woff2, png, svg, webp и их .br и .gz)` } });
      continue;
    }
    if (!/\.svg(\.br|\.gz)?$/.test(file)) continue;
    const text = await svgText(path.join(folder, file));
    if (text === null) reasons.push({ code: 'file_type', words: { en: `"${file}" cannot be read as an SVG`, ru: `«${file}» не читается как SVG` } });
    else if (ACTIVE_SVG.test(text)) reasons.push({ code: 'file_type', words: { en: `"${file}" is an SVG with script, event handlers or embedded pages: a release's SVG must be a plain image`, ru: `«${file}» — SVG со скриптом, обработчиками событий или вложенными страницами: SVG релиза должен быть простой картинкой` } });
  }
  return reasons;
}

/**
 * What only a library's own code holds, for each library the page shares (design §3: a remote never
 * bundles its own copy; its build through the portal's preset fails first, naming the import, and
 * this catches a build made otherwise). None of them is in a remote that shares what it should.
 */
const LIBRARY_MARKS: Array<[library: string, mark: string]> = [
  ['react', 'react.transitional.element'],
  ['react-dom', '__reactContainer$'],
  ['react-router', '__reactRouterVersion'],
  ["antd's core (@ant-design/cssinjs)", 'data-token-hash'],
  ['redux (@reduxjs/toolkit)', '@@redux/INIT'],
  ['i18next', 'appendNamespaceToMissingKey'],
  ['axios', 'ERR_BAD_OPTION_VALUE'],
  ['@portal/shared', 'authTokens'],
];

/** The libraries of the page whose own code a release's scripts hold, one reason per library with its first file. */
async function bundledLibraryReasons(folder: string, files: string[]): Promise<GateReason[]> {
  const found = new Map<string, string>();
  for (const file of files.filter((f) => /\.m?js$/.test(f)).sort()) {
    const text = await readFile(path.join(folder, file), 'utf8');
    for (const [library, mark] of LIBRARY_MARKS) if (!found.has(library) && text.includes(mark)) found.set(library, file);
  }
  return [...found].map(([library, file]) => ({
    code: 'unshared_library' as const,
    words: {
      en: `"${file}" holds its own copy of ${library}, which the portal's page shares: import it by its shared name (antd as antd/es/<component> of antd-components.json) and build with portal-remote build, which names the import`,
      ru: `«${file}» содержит свою копию ${library}, а страница портала даёт её всем разделам: импортируйте её по общему имени (antd — как antd/es/<компонент> из antd-components.json) и соберите через portal-remote build, он назовёт импорт`,
    },
  }));
}

/** The file's size, or null when it is not a file. */
async function fileSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** A reason the gate refuses a build, in both languages: the answer gives the caller's. */
export interface GateReason {
  code: GateCode;
  words: Record<Language, string>;
}

export interface AcceptedRelease {
  meta: RemoteMetaData;
  /** The path of remoteEntry.js inside the folder. */
  remoteEntry: string;
  /** sha256 of mf-manifest.json and remoteEntry.js. */
  contentHash: string;
}

export type GateResult = { ok: true; release: AcceptedRelease } | { ok: false; reasons: GateReason[] };

export const MANIFEST = 'mf-manifest.json';

let validator: ValidateFunction | undefined;
/** metaData.portal's JSON Schema, with the menu schema it refers to, compiled once. */
function portalMetaDataSchema(): ValidateFunction {
  if (validator) return validator;
  const load = (name: string): object => JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared/schemas', name), 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(load('menu.schema.json'));
  validator = ajv.compile(load('portal-metadata.schema.json'));
  return validator;
}

function schemaMessage(error: ErrorObject): string {
  const at = `metaData.portal${error.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('')}`;
  if (error.keyword === 'required') return `${at} needs the field "${String(error.params.missingProperty)}"`;
  if (error.keyword === 'additionalProperties') return `${at} has a field the contract does not know: "${String(error.params.additionalProperty)}"`;
  return `${at} ${error.message ?? 'is not valid'}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A path the manifest names, relative to the folder; null when it would leave the folder. */
function inside(folder: string, file: string): string | null {
  const resolved = path.resolve(folder, file.replace(/^\/+/, ''));
  return resolved.startsWith(`${path.resolve(folder)}${path.sep}`) ? resolved : null;
}

/** Every file the manifest names: its remoteEntry, and the js/css (sync and async) of its exposes and shared. */
function namedFiles(manifest: Record<string, unknown>): string[] {
  const files: string[] = [];
  for (const list of [manifest.exposes, manifest.shared]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const assets = isRecord(item) ? item.assets : undefined;
      if (!isRecord(assets)) continue;
      for (const kind of ['js', 'css']) {
        const group = assets[kind];
        if (!isRecord(group)) continue;
        for (const when of ['sync', 'async']) {
          const names = group[when];
          if (Array.isArray(names)) files.push(...names.filter((n): n is string => typeof n === 'string'));
        }
      }
    }
  }
  return [...new Set(files)];
}

/** The remoteEntry's path inside the folder, as metaData.remoteEntry {path, name} gives it. */
function remoteEntryPath(metaData: Record<string, unknown>): string | null {
  const entry = metaData.remoteEntry;
  if (!isRecord(entry) || typeof entry.name !== 'string' || !entry.name) return null;
  const dir = typeof entry.path === 'string' ? entry.path : '';
  return path.posix.normalize(path.posix.join(dir, entry.name)).replace(/^(\.\/|\/)+/, '');
}

export async function checkRelease(folder: string, remote: string, host: HostContract): Promise<GateResult> {
  const reasons: GateReason[] = [];
  const refuse = (code: GateCode, en: string, ru: string) => reasons.push({ code, words: { en, ru } });
  const manifestFile = path.join(folder, MANIFEST);
  const manifestSize = await fileSize(manifestFile);
  if (manifestSize === null) {
    refuse('missing_file', `${MANIFEST} is missing: the archive must hold the built folder's contents at its root`, `нет ${MANIFEST}: в корне архива должно быть содержимое собранной папки`);
    return { ok: false, reasons };
  }
  if (manifestSize > MANIFEST_READ_LIMIT) {
    refuse('schema', `${MANIFEST} is over ${MANIFEST_READ_LIMIT / 1024 / 1024} MB: it is not a Module Federation manifest`, `${MANIFEST} больше ${MANIFEST_READ_LIMIT / 1024 / 1024} MB: это не манифест Module Federation`);
    return { ok: false, reasons };
  }
  const manifestBytes = await readFile(manifestFile);
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    refuse('schema', `${MANIFEST} is not valid JSON`, `${MANIFEST} — не правильный JSON`);
    return { ok: false, reasons };
  }
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) {
    refuse('schema', `${MANIFEST} has no metaData: it is not a Module Federation manifest`, `в ${MANIFEST} нет metaData: это не манифест Module Federation`);
    return { ok: false, reasons };
  }
  const metaData = manifest.metaData;
  const portal = metaData.portal;

  for (const field of ['name', 'id'] as const) {
    const value = manifest[field];
    if (typeof value === 'string' && value !== remote) refuse('name', `the manifest's ${field} is "${value}", but this is the release of "${remote}"`, `${field} в манифесте — «${value}», а это релиз раздела «${remote}»`);
  }

  if (!isRecord(portal)) {
    refuse('schema', `${MANIFEST} has no metaData.portal: build the remote with the portal's build preset`, `в ${MANIFEST} нет metaData.portal: соберите раздел пресетом сборки портала`);
  } else {
    const validate = portalMetaDataSchema();
    if (!validate(portal)) for (const error of validate.errors ?? []) refuse('schema', schemaMessage(error), `metaData.portal не проходит схему: ${schemaMessage(error)}`);
    if (typeof portal.name === 'string' && portal.name !== remote) refuse('name', `metaData.portal.name is "${portal.name}", but this is the release of "${remote}"`, `metaData.portal.name — «${portal.name}», а это релиз раздела «${remote}»`);

    const contract = typeof portal.contractVersion === 'string' ? semver.parse(portal.contractVersion) : null;
    const hostVersion = semver.parse(host.contractVersion);
    if (contract && hostVersion) {
      if (contract.major !== hostVersion.major) {
        refuse('contract_major', `contract ${contract.version} is a different major than the portal's ${hostVersion.version}`, `контракт ${contract.version} другой основной версии, чем у портала (${hostVersion.version})`);
      } else if (contract.minor > hostVersion.minor) {
        refuse('contract_minor', `contract ${contract.version} is newer than the portal's ${hostVersion.version}: the portal does not have what ${contract.major}.${contract.minor} adds yet`, `контракт ${contract.version} новее, чем у портала (${hostVersion.version}): того, что добавляет ${contract.major}.${contract.minor}, в портале ещё нет`);
      }
    }

    if (isRecord(portal.shared)) {
      for (const [pkg, range] of Object.entries(portal.shared)) {
        if (typeof range !== 'string') continue;
        const provided = host.provided(pkg);
        if (provided === undefined) refuse('shared_range', `the remote requires ${pkg} ${range}, which the portal does not provide`, `разделу нужен ${pkg} ${range}, а портал его не даёт`);
        else if (!semver.validRange(range)) refuse('shared_range', `the range "${range}" required for ${pkg} is not a valid semver range`, `диапазон «${range}» для ${pkg} — не правильный диапазон semver`);
        else if (!semver.satisfies(provided, range)) refuse('shared_range', `the remote requires ${pkg} ${range}, but the portal provides ${provided}`, `разделу нужен ${pkg} ${range}, а портал даёт ${provided}`);
      }
    }
  }

  const entry = remoteEntryPath(metaData);
  if (entry === null) refuse('schema', `${MANIFEST} names no metaData.remoteEntry {path, name}`, `в ${MANIFEST} нет metaData.remoteEntry {path, name}`);
  const files = entry === null ? namedFiles(manifest) : [entry, ...namedFiles(manifest).filter((f) => f !== entry)];
  for (const file of files) {
    const at = inside(folder, file);
    if (!at) refuse('missing_file', `${MANIFEST} names "${file}", which is outside the release`, `${MANIFEST} называет «${file}», а он вне релиза`);
    else if ((await fileSize(at)) === null) refuse('missing_file', `${MANIFEST} names "${file}", which is not in the archive`, `${MANIFEST} называет «${file}», а его нет в архиве`);
  }

  // The release's files, listed once for both checks of what they are.
  const held = await filesUnder(folder);
  reasons.push(...await fileTypeReasons(folder, held));
  reasons.push(...await bundledLibraryReasons(folder, held));

  if (reasons.length || entry === null || !isRecord(portal)) return { ok: false, reasons };
  const hash = createHash('sha256').update(manifestBytes).update(await readFile(path.join(folder, entry))).digest('hex');
  return { ok: true, release: { meta: portal as unknown as RemoteMetaData, remoteEntry: entry, contentHash: hash } };
}
