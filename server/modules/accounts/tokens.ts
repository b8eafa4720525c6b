import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
/** However often it is refreshed, a log-in (a session) lasts at most this long. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export type TokenType = 'access' | 'refresh';

export interface VerifiedToken {
  userId: number;
  type: TokenType;
  jti: string;
  /** The session (log-in) the token belongs to. */
  sid: string;
  exp: number;
}

/**
 * Signs and checks the shop's JWTs (HS256 only: `alg: none` and other algorithms are refused). Every token
 * carries `iss` (the shop's public URL), `aud` (the API, or the refresh endpoint for refresh tokens), a
 * unique `jti` and the session it belongs to (`sid`); all are checked.
 */
export function createTokenSigner(secret: string, issuer: string) {
  const key = new TextEncoder().encode(secret);
  const audience: Record<TokenType, string> = { access: `${issuer}/api`, refresh: `${issuer}/api/token/refresh` };

  async function sign(type: TokenType, userId: number, sid: string, expiresAt: number): Promise<string> {
    return new SignJWT({ typ: type, sid } satisfies JWTPayload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setAudience(audience[type])
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key);
  }

  return {
    access(userId: number, sid: string): Promise<string> {
      return sign('access', userId, sid, Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS);
    },

    /** A refresh token of the session, never outliving it. */
    refresh(userId: number, sid: string, sessionExpiresAt: number): Promise<string> {
      return sign('refresh', userId, sid, Math.min(Math.floor(Date.now() / 1000) + REFRESH_TTL_SECONDS, sessionExpiresAt));
    },

    /** The token's claims when it is valid, of the expected type and not expired; null otherwise. */
    async verify(token: string, expected: TokenType): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer, audience: audience[expected] });
        if (payload.typ !== expected || !payload.sub || !/^\d+$/.test(payload.sub) || !payload.exp) return null;
        if (typeof payload.jti !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: Number(payload.sub), type: expected, jti: payload.jti, sid: payload.sid, exp: payload.exp };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
