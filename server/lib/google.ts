import { AppError } from './errors';

export interface GoogleConfig {
  clientId?: string;
  apiBase: string;
}

export interface VerifiedGoogleUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

interface TokenInfo {
  aud?: string;
  azp?: string;
  sub?: string;
  email?: string;
  email_verified?: string | boolean;
  exp?: string | number;
  expires_in?: string | number;
  name?: string;
  error?: string;
  error_description?: string;
}

const TIMEOUT_MS = 5000;

/**
 * Asks Google (its tokeninfo endpoint, under a configurable base so tests use a local fake) whether an
 * ID token or OAuth access token is valid, was issued to our client id and has not expired.
 */
export async function verifyGoogleToken(config: GoogleConfig, token: { id_token?: string; access_token?: string }): Promise<VerifiedGoogleUser> {
  if (!config.clientId) throw new AppError('not_found', 'Google sign-in is not enabled for this shop.');
  const param = token.id_token ? `id_token=${encodeURIComponent(token.id_token)}` : `access_token=${encodeURIComponent(token.access_token ?? '')}`;
  let res: Response;
  try {
    res = await fetch(`${config.apiBase}/tokeninfo?${param}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppError('upstream_unavailable', 'Google could not be reached to check the sign-in. Please try again.');
  }
  if (res.status >= 500) throw new AppError('upstream_error', 'Google could not check the sign-in. Please try again.');
  const info = (await res.json().catch(() => ({}))) as TokenInfo;
  if (!res.ok || info.error) throw new AppError('unauthenticated', 'Google did not accept this sign-in. Please try again.');
  const audience = info.aud ?? info.azp;
  if (audience !== config.clientId) throw new AppError('unauthenticated', 'This Google sign-in was not made for this shop.');
  const now = Math.floor(Date.now() / 1000);
  const exp = info.exp !== undefined ? Number(info.exp) : info.expires_in !== undefined ? now + Number(info.expires_in) : 0;
  if (!(exp > now)) throw new AppError('unauthenticated', 'This Google sign-in has expired. Please try again.');
  if (!info.sub || !info.email) throw new AppError('unauthenticated', 'Google did not share an e-mail address for this account.');
  return {
    sub: info.sub,
    email: info.email,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    name: info.name,
  };
}
