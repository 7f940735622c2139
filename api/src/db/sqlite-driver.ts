// better-sqlite3 for the Node.js line that runs (README, "Pinned on purpose"). It is a native addon,
// and no one version works on every line we support: 12 on Node.js 20, where 13 crashes (a
// segmentation fault); 13 (Node-API, prebuilt) from Node.js 22 on, because 12 built against the
// headers of Node.js 24.19 or later (their node::ObjectWrap registers a cleanup hook) aborts the
// process when the garbage collector frees a statement ("Assertion failed: (env) != nullptr" in
// node::RemoveEnvironmentCleanupHook): the server died at every start. Both have the API we use
// (`@types/better-sqlite3`). Drop 12, and this file, when Node.js 20 goes.
import type BetterSqlite3Type from 'better-sqlite3';

const sqliteDriver = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-13' : 'better-sqlite3';

// A require, not an import: only the line's own addon may be loaded.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const BetterSqlite3: typeof BetterSqlite3Type = require(sqliteDriver);
export default BetterSqlite3;
export type Statement = BetterSqlite3Type.Statement;
