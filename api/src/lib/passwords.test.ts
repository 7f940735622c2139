import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  test('scrypt N=2^17, r=8, p=1 by default, stored self-describing with its salt', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  test('each hash has its own salt; the cost is read from the hash', async () => {
    const a = await hashPassword('same', 10);
    const b = await hashPassword('same', 10);
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$10$')).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  test('a malformed stored value never matches', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'pbkdf2$whatever')).toBe(false);
  });
});
