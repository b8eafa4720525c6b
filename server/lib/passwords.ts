import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimums.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The start of every hash made with the current settings (algorithm, version, cost). */
const CURRENT = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

let verifications = 0;

/** How many password verifications this process has run (every log-in attempt runs exactly one). */
export function passwordVerifications(): number {
  return verifications;
}

/** Whether a stored hash was made with other settings than today's (and so costs another time to check). */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
