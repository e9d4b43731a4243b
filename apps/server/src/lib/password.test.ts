import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { burnPasswordCheck, hashPassword, PASSWORD_COST_LOG2N, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('hashes at N = 2^15 unless told otherwise, and the hash names its parameters', async () => {
    const hash = await hashPassword('Gleis-7-Weiche');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('Gleis-7-Weiche', hash)).toBe(true);
    expect(await verifyPassword('gleis-7-weiche', hash)).toBe(false);
  });

  it('verifies a hash of any cost by the N it names (test hashes at 2^10, production ones at 2^15)', async () => {
    const cheap = await hashPassword('Stellwerk', 10);
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('Stellwerk', cheap)).toBe(true);
    expect(await verifyPassword('Stellwerk!', cheap)).toBe(false);
    await expect(burnPasswordCheck('irgendwas', 10)).resolves.toBeUndefined();
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

describe('PASSWORD_COST_LOG2N', () => {
  const base = { DATA_DIR: '/tmp/streckenpass-config-test', LOG_LEVEL: 'silent' };

  it('defaults to the floor of 15 on every server', () => {
    expect(PASSWORD_COST_LOG2N).toBe(15);
    expect(loadConfig(base).passwordCostLog2N).toBe(15);
  });

  it('can be raised but never lowered below 15', () => {
    expect(loadConfig({ ...base, PASSWORD_COST_LOG2N: '17' }).passwordCostLog2N).toBe(17);
    expect(() => loadConfig({ ...base, PASSWORD_COST_LOG2N: '10' })).toThrow(/PASSWORD_COST_LOG2N/);
  });
});
