// The remotes' releases, deploy keys, the run-time registry and local overrides (design §3, §6).
import { Type } from 'typebox';
import { ErrorBody, Nullable, Timestamp } from './common';

const Role = Type.Union([Type.Literal('dealer'), Type.Literal('manager'), Type.Literal('admin')]);
const Words = Type.Object({ ru: Type.String(), en: Type.String() });

export const RemoteName = Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' });
export const RemoteParams = Type.Object({ name: RemoteName });
export const DeployKeyParams = Type.Object({ name: RemoteName, id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** What a release and the live release both say of it. */
const releaseFields = {
  id: Type.String(),
  contract_version: Type.String(),
  version: Nullable(Type.String()),
  git_sha: Nullable(Type.String()),
  created_at: Timestamp,
  created_by: Type.String(),
  activated_at: Nullable(Timestamp),
  activated_by: Nullable(Type.String()),
};

export const ReleaseSchema = Type.Object({
  ...releaseFields,
  remote: Type.String(),
  /** False once the release is beyond RELEASES_KEPT: its row stays, its files are gone. */
  files_kept: Type.Boolean(),
  live: Type.Boolean(),
});

export const LiveReleaseSchema = Type.Object({
  ...releaseFields,
  /** The URL of the live release's mf-manifest.json. */
  entry: Type.String(),
});

/** One making live of a release: who, when, and which release was live before (null: none yet). */
export const ActivationSchema = Type.Object({
  release: Type.String(),
  previous_release: Nullable(Type.String()),
  activated_at: Timestamp,
  activated_by: Type.String(),
});

export const RemoteStateSchema = Type.Object({
  name: Type.String(),
  base_path: Type.String(),
  live: Nullable(LiveReleaseSchema),
  /** The release a rollback returns to (the one live before, its files kept); null when there is none. */
  rollback_to: Nullable(Type.String()),
  /** Newest first. */
  releases: Type.Array(ReleaseSchema),
  /** Every making live of a release, a rollback's too, newest first: the last ACTIVATIONS_SHOWN. */
  activations: Type.Array(ActivationSchema),
});

export const ActivateBody = Type.Object({ release: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });

export const ReleaseUploadBody = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'The built folder as a gzip tar, its contents (mf-manifest.json first of all) at the root.',
});

export const IncompatibleBody = Type.Object({
  message: Type.String(),
  code: Type.Literal('incompatible'),
  reasons: Type.Array(Type.Object({
    code: Type.Union([
      Type.Literal('contract_major'), Type.Literal('contract_minor'), Type.Literal('shared_range'),
      Type.Literal('schema'), Type.Literal('missing_file'), Type.Literal('name'), Type.Literal('file_type'), Type.Literal('unshared_library'),
    ]),
    message: Type.String(),
  })),
});

export const DeployKeySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Timestamp,
  created_by: Type.String(),
  revoked_at: Nullable(Timestamp),
  last_used_at: Nullable(Timestamp),
});

export const NewDeployKeyBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) }, { additionalProperties: false });

/** The key itself, shown this once. */
export const CreatedDeployKeySchema = Type.Object({ id: Type.Integer(), name: Type.String(), key: Type.String() });

const MenuEntrySchema = Type.Object({
  key: Type.String(),
  label: Words,
  path: Type.String(),
  icon: Type.Optional(Type.String()),
  roles: Type.Array(Role),
  beforeContract: Type.Optional(Type.Boolean()),
  count: Type.Optional(Type.String()),
  /** (contract 2.6) The first read of the entry's screen, or one per role; the page asks it ahead. */
  preload: Type.Optional(Type.Union([Type.String(), Type.Object({
    dealer: Type.Optional(Type.String()),
    manager: Type.Optional(Type.String()),
    admin: Type.Optional(Type.String()),
  })])),
});

const HomeWidgetSchema = Type.Object({
  key: Type.String(),
  title: Words,
  roles: Type.Array(Role),
  source: Type.String(),
  fields: Type.Object({
    title: Type.String(),
    subtitle: Type.Optional(Type.String()),
    tag: Type.Optional(Type.String()),
    amount: Type.Optional(Type.String()),
    date: Type.Optional(Type.String()),
    quantity: Type.Optional(Type.String()),
  }),
  statusOf: Type.Optional(Type.Union([Type.Literal('claim'), Type.Literal('registration')])),
  link: Type.String(),
  more: Type.Optional(Type.String()),
  inbox: Type.Optional(Type.Boolean()),
});

/** RegistryRemote of @portal/shared (contract 2.2). */
export const RegistryRemoteSchema = Type.Object({
  name: Type.String(),
  basePath: Type.String(),
  roles: Type.Array(Role),
  release: Type.String(),
  entry: Type.String(),
  /** '' when overridden: the host reads the manifest. */
  remoteEntry: Type.String(),
  contractVersion: Type.String(),
  menu: Type.Array(MenuEntrySchema),
  widgets: Type.Optional(Type.Array(HomeWidgetSchema)),
  override: Type.Optional(Type.Boolean()),
});

export const RegistrySchema = Type.Object({ remotes: Type.Array(RegistryRemoteSchema) });

export const OverrideBody = Type.Object({
  name: RemoteName,
  manifest: Type.String({ minLength: 1, maxLength: 2000 }),
}, { additionalProperties: false });

export const OverrideQuery = Type.Object({ name: Type.Optional(RemoteName) });

export const OverridesSchema = Type.Object({ overrides: Type.Record(Type.String(), Type.String()) });

export const releaseErrors = { 412: ErrorBody, 413: ErrorBody, 428: ErrorBody };
