// The database: connect, migrate, load demo data on the first start of a new database, close.
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import { connect, migrate, type DialectName } from '../db/connect';
import type { Database } from '../db/database';
import { loadDemoData } from '../demo/demo-data';
import { sharedScope } from './shared-scope';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

export default sharedScope<{ config: AppConfig }>(async function database(app, { config }) {
  const { db, dialect } = connect(config.databaseUrl, config.databaseSchema);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.addHook('onClose', async () => db.destroy());

  let fresh: boolean;
  try {
    ({ fresh } = await migrate(db, config.databaseSchema));
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const demo = config.demoData === 'on' || (config.demoData === 'auto' && fresh && dialect === 'sqlite');
  if (demo) await loadDemoData(db, { password: config.demoPassword, scryptLog2N: config.scryptLog2N });
});
