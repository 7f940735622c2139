import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export async function variableValue(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('variables').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}
