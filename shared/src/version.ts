// The semver of the contract between the host and the remotes (design §3). A breaking change to
// any exported type or behaviour bumps the major version and is recorded in shared/CHANGELOG.md.
// rspack.config.base.ts reads this literal, so keep it a plain string.
export const CONTRACT_VERSION = '2.8.0';
