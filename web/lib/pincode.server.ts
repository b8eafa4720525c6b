import { PINCODE_PATTERN } from '../../contract/delivery';
import { createCookie, type AppLoadContext } from 'react-router';

/** A checked pincode is remembered for half a year of visits. */
const PINCODE_MAX_AGE = 60 * 60 * 24 * 182;
const SIX_DIGITS = PINCODE_PATTERN;

/**
 * The pincode the visitor last checked, in an HttpOnly cookie the server reads for every page: the product
 * pages, the cart and the address step show the delivery window to it and the address form starts with it.
 * It makes a page personal (server/page-cache.ts lists it with the session and the cart's code).
 */
const cookies = {
  plain: createCookie('pincode', { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: PINCODE_MAX_AGE }),
  secure: createCookie('pincode', { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: PINCODE_MAX_AGE }),
};

function pincodeCookie(context: Pick<AppLoadContext, 'services'>) {
  return context.services.config.publicUrl.startsWith('https://') ? cookies.secure : cookies.plain;
}

/** The pincode this browser carries, or null. */
export async function rememberedPincode(request: Request, context: Pick<AppLoadContext, 'services' | 'shell'>): Promise<string | null> {
  if (context.shell) return context.shell.pincode;
  const value: unknown = await pincodeCookie(context).parse(request.headers.get('cookie'));
  return typeof value === 'string' && SIX_DIGITS.test(value) ? value : null;
}

/** The `Set-Cookie` that remembers a checked pincode. */
export function rememberPincode(context: AppLoadContext, pincode: string): Promise<string> {
  return pincodeCookie(context).serialize(pincode);
}
