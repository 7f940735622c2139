// The demo dealer's session for a benchmark that drives a signed-in browser (bench/lighthouse.ts, bench/profile.ts).
import { ACCOUNTS, DEMO_PASSWORD } from '../e2e/portal-server';

/** POST /api/token/ as the dealer: the pair the login screen stores in `authTokens`, as stored. */
export async function dealerTokens(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS.dealer, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`signing the dealer in: ${response.status} ${await response.text()}`);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  return JSON.stringify({ access, refresh });
}
