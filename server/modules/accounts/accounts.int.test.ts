import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { blankPng } from '../../../tests/support/image-bomb';
import { t, smtp, nextIp, post, signUp, logIn, auth, received, outboxTo, userCount, startAccountsShop } from '../../../tests/support/accounts-shop';
import { users } from '../../db/schema';

startAccountsShop();

describe('sign-up', () => {
  it('sign-up does not reveal an existing account', async () => {
    await signUp('asha', 'Asha@Example.in');
    const sent = smtp.messages.length;
    const first = await post('/api/user/register/', {
      username: 'asha-new',
      email: 'brand-new@example.in',
      password: 'Teak#Wood2026',
      password2: 'Teak#Wood2026',
    });
    const again = await post('/api/user/register/', {
      username: 'asha2',
      email: 'asha@example.IN',
      password: 'Other#Teak2027',
      password2: 'Other#Teak2027',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // No second account, the stranger's password opens nothing, and the owner is told.
    expect(
      (
        await t.database.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = 'asha@example.in'`)
      ).length,
    ).toBe(1);
    expect((await t.database.db.select().from(users).where(eq(users.username, 'asha2'))).length).toBe(0);
    expect((await post('/api/token/', { email: 'asha@example.in', password: 'Other#Teak2027' })).statusCode).toBe(401);
    await logIn('asha@example.in');
    const notices = (await received(sent, 'asha@example.in')).filter((m) => m.to.some((to) => to.toLowerCase() === 'asha@example.in'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.raw).toContain('Someone tried to sign up with your e-mail address');
    // Trying again within the hour answers alike and does not flood the owner's mailbox.
    expect(
      (await post('/api/user/register/', { username: 'asha3', email: 'ASHA@example.in', password: 'Other#Teak2027', password2: 'Other#Teak2027' }))
        .statusCode,
    ).toBe(201);
    expect(await outboxTo('asha@example.in')).toBe(1);
    // A username that is taken is still said (it names no e-mail).
    const name = await post('/api/user/register/', {
      username: 'ASHA',
      email: 'someone-else@example.in',
      password: 'Teak#Wood2026',
      password2: 'Teak#Wood2026',
    });
    expect(name.statusCode).toBe(400);
    expect(name.json<{ errors: Record<string, string[]> }>().errors.username).toEqual(['This username is taken.']);
  });

  it('enforces every password rule with the spec’s message, and changes nothing', async () => {
    const before = await userCount();
    const cases: [string, string][] = [
      ['Ab1!', 'Password must be at least 8 characters.'],
      ['Password', 'Password is too common.'],
      ['teak#wood2026', 'Include at least one uppercase letter.'],
      ['TEAK#WOOD2026', 'Include at least one lowercase letter.'],
      ['Teak#Wood', 'Include at least one number.'],
      ['TeakWood2026', 'Include at least one special character (!@#$%^&*).'],
      ['P@ssw0rd1', 'Password is too common.'],
      ['Ravi#Kumar99x', 'The password is too similar to the username or e-mail.'],
    ];
    for (const [password, message] of cases) {
      const res = await post('/api/user/register/', {
        username: 'ravi#kumar99x'.replace('#', ''),
        email: 'ravi@example.in',
        password,
        password2: password,
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ detail: string; errors: Record<string, string[]> }>();
      expect(body.errors.password, password).toContain(message);
    }
    const mismatch = await post('/api/user/register/', {
      username: 'ravi',
      email: 'ravi@example.in',
      password: 'Teak#Wood2026',
      password2: 'Teak#Wood2027',
    });
    expect(mismatch.json<{ errors: Record<string, string[]> }>().errors.password2).toEqual(['Passwords do not match!']);
    const missing = await post('/api/user/register/', { email: 'ravi@example.in' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    expect(await userCount()).toBe(before);
  });

  it('rate limits sign-ups with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/user/register/',
        payload: { username: `burst${i}`, email: `burst${i}@example.in`, password: 'x', password2: 'x' },
        remoteAddress: '10.9.9.11',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('log-in and tokens', () => {
  beforeAll(() => signUp('kiran', 'kiran@example.in'));

  it('answers unknown e-mail and wrong password identically', async () => {
    const wrong = await post('/api/token/', { email: 'kiran@example.in', password: 'Wrong#Pass2026' });
    const unknown = await post('/api/token/', { email: 'nobody@example.in', password: 'Wrong#Pass2026' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json<{ detail: string }>().detail).toBe('Invalid email or password');
  });

  it('issues short-lived access tokens naming their issuer, audience, id and session', async () => {
    const first = await logIn('KIRAN@example.in');
    const claims = JSON.parse(Buffer.from(first.access.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(15 * 60);
    expect(claims).toMatchObject({ iss: 'https://shop.test', aud: 'https://shop.test/api', typ: 'access' });
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.sid).toEqual(expect.any(String));
    const again = JSON.parse(Buffer.from((await logIn('kiran@example.in')).access.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(again.jti).not.toBe(claims.jti);
    expect(again.sid).not.toBe(claims.sid);
    const profile = await t.app.inject({ url: '/api/profile/', headers: auth(first.access) });
    expect(profile.json()).toMatchObject({ username: 'kiran', email: 'kiran@example.in', is_superuser: false });
  });

  it('refuses tokens of another issuer or audience, and tokens without a live session', async () => {
    const { access } = await logIn('kiran@example.in');
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as Record<string, string>;
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const forge = (changes: { iss?: string; aud?: string; sid?: string | null }) =>
      new SignJWT({ typ: 'access', ...(changes.sid === null ? {} : { sid: changes.sid ?? claims.sid }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub!)
        .setIssuer(changes.iss ?? 'https://shop.test')
        .setAudience(changes.aud ?? 'https://shop.test/api')
        .setJti('forged')
        .setExpirationTime('10m')
        .sign(key);
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(await forge({})) })).statusCode).toBe(200);
    for (const changes of [{ iss: 'https://evil.test' }, { aud: 'https://shop.test/api/token/refresh' }, { sid: null }, { sid: 'no-such-session' }]) {
      expect((await t.app.inject({ url: '/api/profile/', headers: auth(await forge(changes)) })).statusCode, JSON.stringify(changes)).toBe(401);
    }
  });

  it('the spec’s client keeps its first refresh token', async () => {
    const first = await logIn('kiran@example.in');
    // The spec's client sends the refresh token it was first given at every refresh, for as long as it lives.
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/token/refresh/', { refresh: first.refresh });
      expect(res.statusCode, res.body).toBe(200);
      const pair = res.json<{ access: string; refresh: string }>();
      expect((await t.app.inject({ url: '/api/profile/', headers: auth(pair.access) })).statusCode).toBe(200);
      // The shop's own client, which keeps the newest refresh token, is served as well.
      expect((await post('/api/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(200);
    }
  });

  it('a logged-out session’s access token is refused at once', async () => {
    const session = await logIn('kiran@example.in');
    const elsewhere = await logIn('kiran@example.in');
    const refreshed = (await post('/api/token/refresh/', { refresh: session.refresh })).json<{ access: string; refresh: string }>();
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(session.access) })).statusCode).toBe(200);
    expect((await post('/api/token/logout/', { refresh: session.refresh })).statusCode).toBe(204);
    // Every token of that log-in stops at once: the access tokens, the first refresh token and the later one.
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(session.access) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(refreshed.access) })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: refreshed.refresh })).statusCode).toBe(401);
    // Another log-in of the same account is left alone.
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(elsewhere.access) })).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: elsewhere.refresh })).statusCode).toBe(200);
    // A second log-out, or one with a token that is not ours, changes nothing and says nothing.
    expect((await post('/api/token/logout/', { refresh: session.refresh })).statusCode).toBe(204);
    expect((await post('/api/token/logout/', { refresh: 'not-a-token' })).statusCode).toBe(204);
  });

  it('requires e-mail and password with the spec’s messages', async () => {
    const res = await post('/api/token/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({ email: ['Email is required.'], password: ['Password is required.'] });
  });

  it('never accepts a refresh token as an access token or the reverse, nor forged tokens', async () => {
    const tokens = await logIn('kiran@example.in');
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(tokens.refresh) })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: tokens.access })).statusCode).toBe(401);
    const [header, body] = tokens.access.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(none) })).statusCode).toBe(401);
    const foreign = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(foreign) })).statusCode).toBe(401);
    expect(header).toBeTruthy();
    // Any endpoint, even a public one, refuses a bad token.
    expect((await t.app.inject({ url: '/api/categories/', headers: auth('garbage') })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/' })).statusCode).toBe(401);
  });

  it('stops a deactivated user at once', async () => {
    await signUp('temp', 'temp@example.in');
    const tokens = await logIn('temp@example.in');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'temp@example.in'));
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(tokens.access) })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
  });

  it('rate limits log-in attempts with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'kiran@example.in', password: 'bad' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json<{ code: string }>().code).toBe('rate_limited');
    // Even the right password waits now; another account from the same address is not locked out.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'kiran@example.in', password: 'Teak#Wood2026' },
      remoteAddress: '10.9.9.9',
    });
    expect(right.statusCode).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'nobody@example.in', password: 'bad' },
      remoteAddress: '10.9.9.9',
    });
    expect(other.statusCode).toBe(401);
  });

  it('guessing one account’s password from many addresses is stopped', async () => {
    await signUp('farah', 'farah@example.in');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'farah@example.in', password: `Guess#${i}` },
        remoteAddress: `10.8.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    // A new address, even with the right password, now waits; another account is not held up.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'FARAH@example.in', password: 'Teak#Wood2026' },
      remoteAddress: '10.8.1.1',
    });
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/token/', { email: 'kiran@example.in', password: 'Teak#Wood2026' })).statusCode).toBe(200);
  });

  it('limits one address trying many accounts, Google sign-in included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: `guess${i}@example.in`, password: 'bad' },
        remoteAddress: '10.9.9.12',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'kiran@example.in', password: 'Teak#Wood2026' },
      remoteAddress: '10.9.9.12',
    });
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    const google = await t.app.inject({ method: 'POST', url: '/rest-auth/google/', payload: { id_token: 'good' }, remoteAddress: '10.9.9.12' });
    expect(google.statusCode).toBe(429);
  });
});

describe('profile', () => {
  let access: string;
  beforeAll(async () => {
    await signUp('meena', 'meena@example.in');
    access = (await logIn('meena@example.in')).access;
  });

  it('updates allowed fields and ignores is_superuser and username', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/',
      headers: auth(access),
      payload: {
        first_name: 'Meena',
        last_name: 'Raj',
        phone_number: '+919876543210',
        dob: '1990-04-12',
        city: 'Madurai',
        zip_code: '625001',
        gender: 'female',
        is_superuser: true,
        username: 'root',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Meena', dob: '1990-04-12', is_superuser: false, username: 'meena', gender: 'female' });
  });

  it('the profile takes a phone number as the address form shows it, and keeps one form', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/profile/', headers: auth(access), payload: { phone_number: '+91 98765 43210' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ phone_number: string }>().phone_number).toBe('+919876543210');
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/addresses/',
      headers: auth(access),
      remoteAddress: nextIp(),
      payload: {
        first_name: 'Meena',
        last_name: 'Raj',
        email: 'meena@example.in',
        phone: '098765-43210',
        address_line1: '4 Gandhi Street',
        city: 'Madurai',
        state: 'Tamil Nadu',
        postal_code: '625001',
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    expect(address.json<{ phone: string }>().phone).toBe('+919876543210');
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/',
      headers: auth(access),
      payload: { phone_number: '+1 415 555 0100' },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('explains bad values per field and keeps the profile', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/',
      headers: auth(access),
      payload: { phone_number: '12345', first_name: '', dob: '2999-01-01' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.phone_number).toEqual(['Enter a valid phone number (10–15 digits).']);
    expect(errors.first_name).toEqual(['This field is required.']);
    expect(errors.dob).toBeDefined();
    const after = (await t.app.inject({ url: '/api/profile/', headers: auth(access) })).json<{ first_name: string }>();
    expect(after.first_name).toBe('Meena');
  });

  it('uploads a picture through the image pipeline and refuses a file that is not an image', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    const form = (name: string, type: string, data: Buffer) => {
      const boundary = '----shop' + Math.random().toString(16).slice(2);
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { ...auth(access), 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/profile/', ...form('me.png', 'image/png', png) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ profile_picture: string }>().profile_picture).toMatch(/^\/media\/profiles\/\w+-300x300\.jpg$/);
    const html = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/',
      ...form('me.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')),
    });
    expect(html.statusCode).toBe(415);
    // A 16,000 × 16,000 picture (a file of some 30 KB) is refused from its header with a sentence, not decoded.
    const huge = await t.app.inject({ method: 'PATCH', url: '/api/profile/', ...form('huge.png', 'image/png', blankPng(16_000, 16_000)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ detail: string }>().detail).toBe(
      'The image is 16,000 × 16,000 pixels, larger than the shop takes (50 megapixels, such as 8,000 × 6,000). Resize it and try again.',
    );
    const after = (await t.app.inject({ url: '/api/profile/', headers: auth(access) })).json<{ profile_picture: string }>();
    expect(after.profile_picture).toBe(ok.json<{ profile_picture: string }>().profile_picture);
  });

  it('changes the password and ends other sessions', async () => {
    // An account of its own: ending its sessions ends no other profile test's.
    await signUp('tara', 'tara@example.in');
    const { access } = await logIn('tara@example.in');
    const other = await logIn('tara@example.in');
    const wrong = await post('/api/change-password/', { old_password: 'nope', new_password: 'Fresh#Teak2027' }, auth(access));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.old_password).toEqual(['The current password is not correct.']);
    const weak = await post('/api/change-password/', { old_password: 'Teak#Wood2026', new_password: 'freshteak' }, auth(access));
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ errors: Record<string, string[]> }>().errors.new_password).toContain('Include at least one special character (!@#$%^&*).');
    const res = await post('/api/change-password/', { old_password: 'Teak#Wood2026', new_password: 'Fresh#Teak2027' }, auth(access));
    expect(res.statusCode).toBe(204);
    expect((await post('/api/token/refresh/', { refresh: other.refresh })).statusCode).toBe(401);
    // Access tokens end at once too, the changing session's included (the web app logs in again).
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(other.access) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(access) })).statusCode).toBe(401);
    expect((await post('/api/token/', { email: 'tara@example.in', password: 'Teak#Wood2026' })).statusCode).toBe(401);
    await logIn('tara@example.in', 'Fresh#Teak2027');
  });
});
