// Test support (not a test): one connection to a PostgreSQL server for a piece of work, closed after
// it. The API tests' template databases (template-db.ts) and the end-to-end nginx cluster
// (e2e/nginx-cluster.ts) make and drop their databases through it.
import pg from 'pg';

/** A connection to the database `url` names (TEST_DATABASE_URL's when not given), for `run`. */
export async function withPg<T>(run: (client: pg.Client) => Promise<T>, url = process.env.TEST_DATABASE_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
