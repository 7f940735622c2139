// Demo data (design §7), loaded on the first start of a new database when DEMO_DATA is on: one
// account per role and two dealers (so that isolation can be seen), dealer groups and dealers, the
// known variables and news in Russian. Idempotent: it does nothing when the demo admin exists.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { hashPassword } from '../lib/passwords';
import { demoDealerGroups, demoDealers, demoNewsletters, demoVariables } from './demo-content';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'admin', first_name: 'Анна', last_name: 'Администратор', dealer: null, contract_signed: false },
  { email: 'manager@demo.test', role: 'manager', first_name: 'Михаил', last_name: 'Менеджеров', dealer: null, contract_signed: false },
  { email: 'dealer@demo.test', role: 'dealer', first_name: 'Дмитрий', last_name: 'Дилеров', dealer: 0, contract_signed: true },
  { email: 'dealer2@demo.test', role: 'dealer', first_name: 'Ольга', last_name: 'Партнёрова', dealer: 3, contract_signed: false },
] as const;

// One hash per password and cost for the life of the process (tests build many applications).
const hashes = new Map<string, Promise<string>>();
function sharedHash(password: string, log2N: number): Promise<string> {
  const key = `${log2N}:${password}`;
  if (!hashes.has(key)) hashes.set(key, hashPassword(password, log2N));
  return hashes.get(key)!;
}

export async function loadDemoData(db: Kysely<Database>, options: { password: string; scryptLog2N: number }): Promise<boolean> {
  const exists = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  if (exists) return false;
  // scrypt at full cost takes a noticeable fraction of a second: hash once, share the hash.
  const passwordHash = await sharedHash(options.password, options.scryptLog2N);
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

  await db.transaction().execute(async (trx) => {
    const groupIds: number[] = [];
    for (const group of demoDealerGroups) {
      const { id } = await trx.insertInto('dealer_groups').values(group).returning('id').executeTakeFirstOrThrow();
      groupIds.push(id);
    }
    const dealerIds: number[] = [];
    for (const [index, dealer] of demoDealers.entries()) {
      const { group, ...fields } = dealer;
      const { id } = await trx.insertInto('dealers')
        .values({ ...fields, group_id: groupIds[group], is_active: true, created_at: daysAgo(200 - index * 20) })
        .returning('id').executeTakeFirstOrThrow();
      dealerIds.push(id);
    }
    for (const account of DEMO_ACCOUNTS) {
      await trx.insertInto('users').values({
        email: account.email,
        password_hash: passwordHash,
        first_name: account.first_name,
        last_name: account.last_name,
        role: account.role,
        dealer_id: account.dealer === null ? null : dealerIds[account.dealer],
        is_active: true,
        contract_signed: account.contract_signed,
        contract_signed_at: account.contract_signed ? daysAgo(30) : null,
        date_joined: daysAgo(180),
      }).execute();
    }
    for (const variable of demoVariables) await trx.insertInto('variables').values(variable).execute();
    for (const [index, item] of demoNewsletters.entries()) {
      const { audienceGroup, daysAgo: age, ...fields } = item;
      await trx.insertInto('newsletters').values({
        ...fields,
        audience_group_id: audienceGroup === null ? null : groupIds[audienceGroup],
        published_at: fields.published ? daysAgo(age) : null,
        created_at: daysAgo(age + 1 + index / 100),
      }).execute();
    }
  });
  return true;
}
