import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  t,
  smtp,
  google,
  CLIENT_ID,
  nextIp,
  post,
  signUp,
  logIn,
  resetTokenIn,
  auth,
  SENT,
  received,
  outboxTo,
  startAccountsShop,
} from '../../../tests/support/accounts-shop';
import { createTestApp } from '../../../tests/support/app';
import { emailOutbox, passwordResetTokens, users } from '../../db/schema';

startAccountsShop();

describe('changing the e-mail', () => {
  it('a stolen access token cannot change the account’s e-mail', async () => {
    await signUp('nandini', 'nandini@example.in');
    const thief = await logIn('nandini@example.in');
    const owner = await logIn('nandini@example.in');
    const patch = (payload: Record<string, unknown>, access = thief.access) =>
      t.app.inject({ method: 'PATCH', url: '/api/profile/', headers: auth(access), payload, remoteAddress: nextIp() });

    const bare = await patch({ email: 'thief@example.net' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ detail: string }>().detail).toBe('Enter your current password to change your e-mail address.');
    const guessed = await patch({ email: 'thief@example.net', current_password: 'Guess#Word2026' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json<{ errors: Record<string, string[]> }>().errors.current_password).toEqual(['The current password is not correct.']);
    // Other fields still change without the password; the e-mail does not.
    expect((await patch({ city: 'Pune' })).statusCode).toBe(200);
    const profile = (await t.app.inject({ url: '/api/profile/', headers: auth(owner.access) })).json<{ email: string; city: string }>();
    expect(profile).toMatchObject({ email: 'nandini@example.in', city: 'Pune' });
    expect(await outboxTo('thief@example.net')).toBe(0);
  });

  it('the owner changes the e-mail with the current password; the old address is told and other devices log out', async () => {
    await signUp('kavya', 'kavya@example.in');
    const here = await logIn('kavya@example.in');
    const elsewhere = await logIn('kavya@example.in');
    const sent = smtp.messages.length;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/',
      headers: auth(here.access),
      payload: { email: 'kavya.new@example.in', current_password: 'Teak#Wood2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ email: string }>().email).toBe('kavya.new@example.in');
    const notice = (await received(sent, 'kavya@example.in')).find((m) => m.to.includes('kavya@example.in'));
    expect(notice?.raw).toContain('The e-mail address of your Teakwood Studio account was changed');
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(here.access) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(elsewhere.access) })).statusCode).toBe(401);
    await logIn('kavya.new@example.in');
  });

  it('guessing the current password through the profile is stopped like log-in guessing', async () => {
    await signUp('pallavi', 'pallavi@example.in');
    const thief = await logIn('pallavi@example.in');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile/',
        headers: auth(thief.access),
        payload: { email: 'thief@example.net', current_password: `Guess#Word${i}` },
        remoteAddress: nextIp(),
      });
      statuses.push(res.statusCode);
    }
    // Counted with the account's failed log-ins: 30 in 15 minutes from anywhere.
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('a Google-only account changes its e-mail only with a fresh Google sign-in of that account', async () => {
    const future = Math.floor(Date.now() / 1000) + 600;
    google.tokens.set('gopi', { aud: CLIENT_ID, sub: 'g-gopi', email: 'gopi@example.in', email_verified: true, exp: future });
    google.tokens.set('someone-else', { aud: CLIENT_ID, sub: 'g-other', email: 'other@example.in', email_verified: true, exp: future });
    const { access } = (await post('/rest-auth/google/', { id_token: 'gopi' })).json<{ access: string }>();
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/profile/', headers: auth(access), payload, remoteAddress: nextIp() });
    const bare = await patch({ email: 'gopi.new@example.in', current_password: 'anything' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ detail: string }>().detail).toBe('Sign in with Google again to change your e-mail address.');
    expect((await patch({ email: 'gopi.new@example.in', google_id_token: 'someone-else' })).statusCode).toBe(400);
    expect((await patch({ email: 'gopi.new@example.in', google_id_token: 'made-up' })).statusCode).toBe(401);
    const ok = await patch({ email: 'gopi.new@example.in', google_id_token: 'gopi' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ email: string }>().email).toBe('gopi.new@example.in');
  });
});

describe('password reset', () => {
  it('works end to end through the e-mailed link, once, and never reveals whether an account exists', async () => {
    await signUp('lata', 'lata@example.in');
    const unknown = await post('/api/password-reset/', { email: 'ghost@example.in' });
    const known = await post('/api/password-reset/', { email: 'LATA@example.in' });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => smtp.messages.some((m) => m.to.includes('lata@example.in')), SENT).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes('lata@example.in'));
    const token = resetTokenIn(mail!.raw);
    const weak = await post('/api/password-reset/confirm/', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    const before = await logIn('lata@example.in');
    expect((await post('/api/password-reset/confirm/', { token, password: 'New#Teak2027' })).statusCode).toBe(204);
    // A reset ends every session at once: its access tokens are refused straight away.
    expect((await t.app.inject({ url: '/api/profile/', headers: auth(before.access) })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: before.refresh })).statusCode).toBe(401);
    await logIn('lata@example.in', 'New#Teak2027');
    expect((await post('/api/password-reset/confirm/', { token, password: 'Other#Teak2027' })).statusCode).toBe(400);
    expect((await post('/api/password-reset/confirm/', { token: 'made-up', password: 'Other#Teak2027' })).statusCode).toBe(400);
    // The old password no longer works, and no mail went to the unknown address.
    expect((await post('/api/token/', { email: 'lata@example.in', password: 'Teak#Wood2026' })).statusCode).toBe(401);
    expect(await outboxTo('ghost@example.in')).toBe(0);
  });

  it('refuses an expired reset link and a weak new password, changing nothing', async () => {
    await signUp('uma', 'uma@example.in');
    const sent = smtp.messages.length;
    expect((await post('/api/password-reset/', { email: 'uma@example.in' })).statusCode).toBe(202);
    const token = resetTokenIn((await received(sent, 'uma@example.in'))[0]!.raw);
    const weak = await post('/api/password-reset/confirm/', { token, password: 'teakwood' });
    expect(weak.json<{ errors: Record<string, string[]> }>().errors.password).toEqual(
      expect.arrayContaining(['Include at least one uppercase letter.', 'Include at least one number.']),
    );
    const [uma] = await t.database.db.select().from(users).where(eq(users.email, 'uma@example.in'));
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, uma!.id));
    const expired = await post('/api/password-reset/confirm/', { token, password: 'Later#Teak2027' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ errors: Record<string, string[]> }>().errors.token).toEqual([
      'This reset link is invalid or has expired. Ask for a new one.',
    ]);
    await logIn('uma@example.in');
  });

  it('one used reset link ends every other', async () => {
    await signUp('ila', 'ila@example.in');
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = smtp.messages.length;
      expect((await post('/api/password-reset/', { email: 'ila@example.in' })).statusCode).toBe(202);
      links.push(resetTokenIn((await received(sent, 'ila@example.in'))[0]!.raw));
    }
    expect((await post('/api/password-reset/confirm/', { token: links[1], password: 'Second#Teak2027' })).statusCode).toBe(204);
    for (const token of [links[0], links[2]]) {
      const res = await post('/api/password-reset/confirm/', { token, password: 'Stolen#Teak2027' });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.token).toEqual([
        'This reset link is invalid or has expired. Ask for a new one.',
      ]);
    }
    await logIn('ila@example.in', 'Second#Teak2027');
  });

  it('a password change ends the reset links sent before it', async () => {
    await signUp('esha', 'esha@example.in');
    const sent = smtp.messages.length;
    expect((await post('/api/password-reset/', { email: 'esha@example.in' })).statusCode).toBe(202);
    const token = resetTokenIn((await received(sent, 'esha@example.in'))[0]!.raw);
    const { access } = await logIn('esha@example.in');
    expect((await post('/api/change-password/', { old_password: 'Teak#Wood2026', new_password: 'Fresh#Teak2027' }, auth(access))).statusCode).toBe(
      204,
    );
    expect((await post('/api/password-reset/confirm/', { token, password: 'Stolen#Teak2027' })).statusCode).toBe(400);
    await logIn('esha@example.in', 'Fresh#Teak2027');
  });

  it('the owner reads the outbox without usable reset links', async () => {
    await signUp('rekha', 'rekha@example.in');
    const sent = smtp.messages.length;
    expect((await post('/api/password-reset/', { email: 'rekha@example.in' })).statusCode).toBe(202);
    // The mail itself carries the link (SMTP gets the whole text).
    const token = resetTokenIn((await received(sent, 'rekha@example.in'))[0]!.raw);
    const [owner] = await t.database.db
      .insert(users)
      .values({ username: 'owner-rekha', email: 'owner-rekha@teakwood.local', isSuperuser: true })
      .returning();
    const { access } = await t.services.accounts.openSession(owner!);
    const outbox = await t.app.inject({ url: '/api/admin/outbox/?limit=100', headers: auth(access) });
    expect(outbox.statusCode).toBe(200);
    const mail = outbox.json<{ results: { to: string; subject: string; text: string }[] }>().results.find((m) => m.to === 'rekha@example.in');
    expect(mail?.subject).toBe('Reset your Teakwood Studio password');
    expect(mail?.text).toContain('choose a new password here');
    expect(mail?.text).toContain('[link removed]');
    expect(mail?.text).not.toContain(token);
    expect(outbox.body).not.toContain(token);
    // Nothing in the database holds the link either: once sent, not even sealed.
    await expect
      .poll(
        async () => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'rekha@example.in'))).map((r) => [r.status, r.sealed]),
        SENT,
      )
      .toEqual([['sent', null]]);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'rekha@example.in'));
    expect(rows.some((r) => r.text.includes(token) || r.subject.includes(token))).toBe(false);
    // The link still works for the person it was sent to.
    expect((await post('/api/password-reset/confirm/', { token, password: 'Mine#Again2027' })).statusCode).toBe(204);
  });

  it('rate limits reset requests with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/password-reset/', payload: { email: 'nobody@example.in' }, remoteAddress: '10.9.9.10' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Google sign-in', () => {
  const future = () => Math.floor(Date.now() / 1000) + 600;

  it('signs in with a valid token on both paths, creating the account once', async () => {
    google.tokens.set('good', { aud: CLIENT_ID, sub: 'g-1', email: 'nila@example.in', email_verified: true, exp: future(), name: 'Nila' });
    const a = await post('/rest-auth/google/', { access_token: 'good' });
    expect(a.statusCode, a.body).toBe(200);
    const b = await post('/api/auth/google/', { id_token: 'good' });
    expect(b.statusCode).toBe(200);
    const profile = (await t.app.inject({ url: '/api/profile/', headers: auth(b.json<{ access: string }>().access) })).json<{ email: string }>();
    expect(profile.email).toBe('nila@example.in');
    expect((await t.database.db.select().from(users).where(eq(users.googleSub, 'g-1'))).length).toBe(1);
  });

  it('refuses a token for another client, an expired token, an unknown token, and an unverified e-mail of an existing account', async () => {
    await signUp('hari', 'hari@example.in');
    google.tokens.set('other-client', { aud: 'someone-else', sub: 'g-2', email: 'x@example.in', email_verified: true, exp: future() });
    google.tokens.set('expired', {
      aud: CLIENT_ID,
      sub: 'g-3',
      email: 'y@example.in',
      email_verified: true,
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    google.tokens.set('unverified', { aud: CLIENT_ID, sub: 'g-4', email: 'hari@example.in', email_verified: false, exp: future() });
    expect((await post('/rest-auth/google/', { id_token: 'other-client' })).statusCode).toBe(401);
    expect((await post('/rest-auth/google/', { id_token: 'expired' })).statusCode).toBe(401);
    expect((await post('/rest-auth/google/', { id_token: 'nonsense' })).statusCode).toBe(401);
    expect((await post('/rest-auth/google/', {})).statusCode).toBe(400);
    const unverified = await post('/rest-auth/google/', { id_token: 'unverified' });
    expect(unverified.statusCode).toBe(400);
    const [hari] = await t.database.db.select().from(users).where(eq(users.email, 'hari@example.in'));
    expect(hari!.googleSub).toBeNull();
  });

  it('answers 404 when Google sign-in is not configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/rest-auth/google/', payload: { id_token: 'good' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    // A shop of its own, started from the test template.
  }, 120_000);
});
