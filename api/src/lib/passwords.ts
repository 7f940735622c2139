// Password hashes: node:crypto scrypt, N=2^17, r=8, p=1 (design §11), stored self-describing as
// `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so that the cost can rise without a migration.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
// N=2^17 with r=8 needs 128 MiB; Node's default maxmem is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (err, key) =>
      (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, log2N = 17): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await derive(password, salt, { N: 2 ** log2N, r, p });
  return ['scrypt', log2N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

const PATTERN = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PATTERN.exec(stored);
  if (!match) return false;
  const [, log2N, r, p, salt, hash] = match;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: 2 ** Number(log2N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string, log2N: number): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'), log2N);
  await verifyPassword(password, await dummyHash);
}
