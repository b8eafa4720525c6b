import { describe, expect, it } from 'vitest';
import { carriesAny, cookieValue, onlyCookie } from './cookies';

describe('reading a Cookie header', () => {
  const header = ' theme=dark; session=s%3Aabc.sig ;pincode=110001; pincode=560001; broken; =x';

  it('finds a cookie by its whole name, not by a prefix', () => {
    expect(carriesAny(header, ['session'])).toBe(true);
    expect(carriesAny('session_old=1; xsession=2', ['session'])).toBe(false);
    expect(carriesAny(undefined, ['session'])).toBe(false);
    expect(carriesAny('', ['cart_code', 'pincode'])).toBe(false);
  });

  it('keeps a value as sent (a signed session is checked by its reader) and the first of a name, as browsers send it', () => {
    expect(cookieValue(header, 'session')).toBe('s%3Aabc.sig');
    expect(cookieValue(header, 'pincode')).toBe('110001');
    expect(cookieValue(header, 'cart_code')).toBeNull();
  });

  it('makes a header of one cookie only', () => {
    expect(onlyCookie(header, 'pincode')).toBe('pincode=110001');
    expect(onlyCookie(header, 'cart_code')).toBeNull();
  });
});
