import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
/** However often it is refreshed, a log-in lasts at most this long. */
export const FAMILY_TTL_SECONDS = 30 * 24 * 3600;

export type TokenType = 'access' | 'refresh';

export interface VerifiedToken {
  userId: number;
  type: TokenType;
  jti?: string;
  family?: string;
  exp: number;
}

/** Signs and checks the shop's JWTs (HS256 only: `alg: none` and other algorithms are refused). */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: JWTPayload, userId: number, expiresAt: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key);
  }

  return {
    access(userId: number): Promise<string> {
      return sign({ typ: 'access' }, userId, Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS);
    },

    async refresh(userId: number, family: string, familyExpiresAt: number): Promise<{ token: string; jti: string; expiresAt: number }> {
      const jti = randomUUID();
      const expiresAt = Math.min(Math.floor(Date.now() / 1000) + REFRESH_TTL_SECONDS, familyExpiresAt);
      return { token: await sign({ typ: 'refresh', jti, fam: family }, userId, expiresAt), jti, expiresAt };
    },

    /** The token's claims when it is valid, of the expected type and not expired; null otherwise. */
    async verify(token: string, expected: TokenType): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.typ !== expected || !payload.sub || !/^\d+$/.test(payload.sub) || !payload.exp) return null;
        return {
          userId: Number(payload.sub),
          type: expected,
          jti: typeof payload.jti === 'string' ? payload.jti : undefined,
          family: typeof payload.fam === 'string' ? payload.fam : undefined,
          exp: payload.exp,
        };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
