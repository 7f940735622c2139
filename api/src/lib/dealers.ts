// What a dealer's state means to the rest of the API: a deactivated dealer's users cannot sign in
// (routes/auth.ts) and its orders are refused (areas/orders.ts). The dealers themselves are
// areas/dealers.ts's.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { toBool } from '../db/dialect';

/** Whether a dealer may sign in and order: it exists and has not been deactivated. */
export async function isDealerActive(db: Kysely<Database>, dealerId: number): Promise<boolean> {
  const dealer = await db.selectFrom('dealers').select('is_active').where('id', '=', dealerId).executeTakeFirst();
  return dealer !== undefined && toBool(dealer.is_active);
}
