import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  EMAIL_CHANGE_NEEDS_GOOGLE,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  passwordProblems,
  type Profile,
  type ProfileUpdate,
  type TokenPair,
} from '../../../contract/accounts';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { AppError, conflict, invalid, unauthenticated, type FieldErrors } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { RateLimitCounter } from '../../lib/rate-limit-store';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { isCommonPassword } from './common-passwords';
import { liveSession } from './live-session';
import { SESSION_TTL_SECONDS, type TokenSigner } from './tokens';

type User = typeof users.$inferSelect;

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

const RESET_TTL_MS = 60 * 60 * 1000;
const INVALID_LOGIN = 'Invalid email or password';

const emailKey = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The server's password rules: the spec's, a longer common list, and not too like the account's names. */
export function checkPassword(password: string, context: { username?: string; email?: string }): string[] {
  const problems = passwordProblems(password);
  const lower = password.toLowerCase();
  if (!problems.includes('Password is too common.') && isCommonPassword(password)) problems.push('Password is too common.');
  // Made of the username or the e-mail's local part, whatever the case and the separators ("Meera.Iyer" in
  // "MeeraIyer#2026").
  const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const names = [context.username, context.email, context.email?.split('@')[0]]
    .filter((n): n is string => Boolean(n && letters(n).length >= 3))
    .map((n) => n.toLowerCase());
  if (names.some((n) => lower.includes(n) || n.includes(lower) || letters(password).includes(letters(n)))) {
    problems.push('The password is too similar to the username or e-mail.');
  }
  return problems;
}

/** "n•••a@example.in": enough for the owner to recognise an address, not enough to hand it to a stranger. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}•••${local.length > 1 ? local.slice(-1) : ''}${email.slice(at)}`;
}

function toProfile(u: User): Profile {
  return {
    username: u.username,
    email: u.email,
    is_superuser: u.isSuperuser,
    first_name: u.firstName,
    last_name: u.lastName,
    gender: u.gender === 'male' || u.gender === 'female' || u.gender === 'other' ? u.gender : null,
    dob: u.dob,
    address: u.address,
    city: u.city,
    zip_code: u.zipCode,
    phone_number: u.phoneNumber,
    profile_picture: u.profilePicture,
    has_password: Boolean(u.passwordHash),
  };
}

/**
 * `queueResetLink` hands a reset request to a background job (services.ts), which calls `sendResetLink`: the
 * answer to the request does the same work (one job queued) whether or not the e-mail has an account.
 */
export function createAccountsService(
  db: Db,
  tokens: TokenSigner,
  mailer: Mailer,
  publicUrl: string,
  limits: RateLimitCounter | undefined,
  queueResetLink: (email: string) => Promise<void>,
) {
  /** A new log-in: a server-side session, and the first token pair naming it. */
  async function openSession(user: Pick<User, 'id'>): Promise<TokenPair> {
    const sid = randomUUID();
    const expiresAt = Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS;
    await db.insert(sessions).values({ id: sid, userId: user.id, expiresAt: new Date(expiresAt * 1000) });
    return { access: await tokens.access(user.id, sid), refresh: await tokens.refresh(user.id, sid, expiresAt) };
  }

  /** Ends sessions at once: their access and refresh tokens are refused by every process from now on. */
  async function endSessions(where: { userId: number; except?: string | null } | { sid: string }): Promise<void> {
    const which =
      'sid' in where ? eq(sessions.id, where.sid) : and(eq(sessions.userId, where.userId), where.except ? ne(sessions.id, where.except) : undefined);
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(which, isNull(sessions.revokedAt)));
  }

  /** The active user of a live session, in one indexed read (run on every authenticated request). */
  async function userOfSession(userId: number, sid: string): Promise<{ user: User; expiresAt: Date } | null> {
    const row = await liveSession(db, sid);
    // A token names its session and its user: both must agree.
    return row?.user.id === userId ? row : null;
  }

  async function userById(id: number): Promise<User | undefined> {
    const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  }

  /** Someone signed up with an address that has an account: its owner hears of it (once an hour at most). */
  async function tellOwnerOfSignUp(owner: User): Promise<void> {
    if (limits && (await limits.hit(`signup-notice|${owner.id}`, 60 * 60 * 1000)).count > 1) return;
    await mailer.send({
      to: owner.email,
      subject: 'Someone tried to sign up with your e-mail address',
      text: `Hello ${owner.firstName || owner.username},\n\nSomeone just tried to create a Teakwood Studio account with this e-mail address, which already has an account (username ${owner.username}).\n\nIf it was you, log in at ${publicUrl}/login — or, if you have forgotten your password, choose a new one at ${publicUrl}/forgot-password.\n\nIf it was not you, ignore this e-mail: nothing has changed and no new account was made.\n`,
    });
  }

  /** Every outstanding reset link of an account dies: one was used, or the password changed another way. */
  async function endResetLinks(userId: number): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  // A hash to compare against when the e-mail is unknown, so both failures take the same time.
  const decoyHash = hashPassword(randomBytes(16).toString('hex'));

  /**
   * One read and one argon2 verification, whether or not the e-mail has an account (the decoy hash has the
   * same cost as every stored one: a hash made with older settings is remade at its next good log-in), so
   * that the answer's time does not tell who has an account.
   */
  async function authenticate(email: string, password: string): Promise<User> {
    const [user] = await db.select().from(users).where(emailKey(email)).limit(1);
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), password);
    if (!user || !user.passwordHash || !ok || !user.isActive) throw unauthenticated(INVALID_LOGIN);
    if (needsRehash(user.passwordHash)) {
      const passwordHash = await hashPassword(password);
      await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      return { ...user, passwordHash };
    }
    return user;
  }

  /** The account of a verified Google identity: found by Google's id, linked by a verified e-mail, or made. */
  async function googleAccount(identity: GoogleIdentity): Promise<User> {
    const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
    if (bySub) {
      if (!bySub.isActive) throw unauthenticated('This account is disabled.');
      return bySub;
    }
    const [byEmail] = await db.select().from(users).where(emailKey(identity.email)).limit(1);
    if (byEmail) {
      if (!identity.emailVerified) {
        throw new AppError(
          'invalid',
          'Google has not verified this e-mail address, so it cannot be linked to the existing account. Log in with your password.',
        );
      }
      if (!byEmail.isActive) throw unauthenticated('This account is disabled.');
      await db.update(users).set({ googleSub: identity.sub, updatedAt: new Date() }).where(eq(users.id, byEmail.id));
      return byEmail;
    }
    if (!identity.emailVerified) throw new AppError('invalid', 'Google has not verified this e-mail address.');
    const base =
      identity.email
        .split('@')[0]!
        .replace(/[^\w.@+-]/g, '')
        .slice(0, 30) || 'customer';
    let username = base;
    for (let n = 2; ; n++) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
        .limit(1);
      if (!taken) break;
      username = `${base}${n}`;
    }
    const [created] = await db
      .insert(users)
      .values({ username, email: identity.email, googleSub: identity.sub, firstName: identity.name?.split(' ')[0] ?? '' })
      .returning();
    return created!;
  }

  return {
    checkPassword,

    /**
     * Creates an account. An e-mail that already has one gets the same answer (nothing tells a stranger
     * whether an address is a customer's); its owner is e-mailed instead, at most once an hour.
     */
    async register(input: { username: string; email: string; password: string; password2: string }): Promise<void> {
      const errors: FieldErrors = {};
      const problems = checkPassword(input.password, input);
      if (problems.length) errors.password = problems;
      if (input.password !== input.password2) errors.password2 = ['Passwords do not match!'];
      const nameTaken = async () =>
        (
          await db
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
            .limit(1)
        ).length > 0;
      if (await nameTaken()) errors.username = ['This username is taken.'];
      if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0]![0]);
      // Hashed whichever way it goes, so that both take the same time.
      const passwordHash = await hashPassword(input.password);
      const [owner] = await db.select().from(users).where(emailKey(input.email)).limit(1);
      if (owner) return tellOwnerOfSignUp(owner);
      try {
        await db.insert(users).values({ username: input.username, email: input.email.trim(), passwordHash });
      } catch {
        // Two sign-ups raced for the same e-mail or username: the unique index decided.
        if (await nameTaken()) throw invalid({ username: ['This username is taken.'] });
        const [winner] = await db.select().from(users).where(emailKey(input.email)).limit(1);
        if (winner) return tellOwnerOfSignUp(winner);
        throw conflict('The account could not be created. Please try again.');
      }
    },

    /** The active account of an e-mail and password (for a token pair or a browser session), or 401. */
    authenticate,

    async login(email: string, password: string): Promise<TokenPair> {
      return openSession(await authenticate(email, password));
    },

    /**
     * A new access token (and a fresh refresh token) for a refresh token of a live session. The refresh token
     * presented stays usable until it expires or its session ends: the spec's client keeps its first one.
     */
    async refresh(token: string): Promise<TokenPair> {
      const claims = await tokens.verify(token, 'refresh');
      const live = claims ? await userOfSession(claims.userId, claims.sid) : null;
      if (!claims || !live) throw unauthenticated('The refresh token is invalid or has expired.');
      const sessionExpiresAt = Math.floor(live.expiresAt.getTime() / 1000);
      return { access: await tokens.access(live.user.id, claims.sid), refresh: await tokens.refresh(live.user.id, claims.sid, sessionExpiresAt) };
    },

    /** Ends the session of a refresh token (its access tokens too); a bad token changes nothing. */
    async logout(token: string): Promise<void> {
      const claims = await tokens.verify(token, 'refresh');
      if (claims)
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)));
    },

    /** The active user of an access token whose session is live, with that session's id; or null. */
    async userForAccessToken(token: string): Promise<{ user: User; sid: string } | null> {
      const claims = await tokens.verify(token, 'access');
      if (!claims) return null;
      const live = await userOfSession(claims.userId, claims.sid);
      return live ? { user: live.user, sid: claims.sid } : null;
    },

    /** A session for a user, for tools and tests that make accounts directly. */
    openSession,

    async googleSignIn(identity: GoogleIdentity): Promise<TokenPair> {
      return openSession(await googleAccount(identity));
    },

    googleAccount,

    profile(user: User): Profile {
      return toProfile(user);
    },

    /** The profile as stored now (a page that has just changed it in the same request reads it again). */
    async currentProfile(user: Pick<User, 'id'>): Promise<Profile | null> {
      const found = await userById(user.id);
      return found ? toProfile(found) : null;
    },

    /**
     * Updates the profile. A new e-mail needs proof that the owner is asking (an access token alone is not
     * enough: whoever controls the e-mail controls the account through a password reset): the current
     * password, or for a Google-only account a fresh Google sign-in of that account. The old address is told,
     * and every other session of the account ends.
     */
    async updateProfile(
      user: User,
      update: ProfileUpdate & { profile_picture?: string },
      proof: { sessionId?: string | null; google?: GoogleIdentity; onWrongPassword?: () => Promise<void> } = {},
    ): Promise<Profile> {
      const emailChanges = update.email !== undefined && update.email.trim().toLowerCase() !== user.email.toLowerCase();
      if (emailChanges) {
        if (user.passwordHash) {
          if (!update.current_password) throw invalid({ current_password: [EMAIL_CHANGE_NEEDS_PASSWORD] }, EMAIL_CHANGE_NEEDS_PASSWORD);
          if (!(await verifyPassword(user.passwordHash, update.current_password))) {
            await proof.onWrongPassword?.();
            throw invalid({ current_password: ['The current password is not correct.'] }, 'The current password is not correct.');
          }
        } else if (!proof.google || proof.google.sub !== user.googleSub) {
          throw invalid({ google_id_token: [EMAIL_CHANGE_NEEDS_GOOGLE] }, EMAIL_CHANGE_NEEDS_GOOGLE);
        }
        const [taken] = await db.select({ id: users.id }).from(users).where(emailKey(update.email!)).limit(1);
        if (taken) throw invalid({ email: ['An account with this e-mail already exists.'] });
      }
      const [updated] = await db
        .update(users)
        .set({
          ...(update.first_name !== undefined ? { firstName: update.first_name } : {}),
          ...(update.last_name !== undefined ? { lastName: update.last_name } : {}),
          ...(update.email !== undefined ? { email: update.email.trim() } : {}),
          ...(update.gender !== undefined ? { gender: update.gender } : {}),
          ...(update.dob !== undefined ? { dob: update.dob } : {}),
          ...(update.address !== undefined ? { address: update.address } : {}),
          ...(update.city !== undefined ? { city: update.city } : {}),
          ...(update.zip_code !== undefined ? { zipCode: update.zip_code } : {}),
          ...(update.phone_number !== undefined ? { phoneNumber: update.phone_number } : {}),
          ...(update.profile_picture !== undefined ? { profilePicture: update.profile_picture } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (emailChanges) {
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), proof.sessionId ? ne(sessions.id, proof.sessionId) : undefined));
        await endResetLinks(user.id);
        await mailer.send({
          to: user.email,
          subject: 'The e-mail address of your Teakwood Studio account was changed',
          text: `Hello ${user.firstName || user.username},\n\nThe e-mail address of your Teakwood Studio account was changed from ${user.email} to ${maskEmail(updated!.email)}, and every other device was logged out.\n\nIf it was you, there is nothing to do. If it was not you, reply to this e-mail or write to us at once: we will give the account back to you.\n`,
        });
      }
      return toProfile(updated!);
    },

    /**
     * Changes the password and ends every session of the account; `keepSessionId` spares the browser session
     * the change was made from (the shop's own profile page), so its user stays signed in.
     */
    async changePassword(user: User, oldPassword: string, newPassword: string, keepSessionId?: string | null): Promise<void> {
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) {
        throw invalid({ old_password: ['The current password is not correct.'] });
      }
      const problems = checkPassword(newPassword, user);
      if (problems.length) throw invalid({ new_password: problems });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await endSessions({ userId: user.id, except: keepSessionId });
      await endResetLinks(user.id);
    },

    /**
     * Queues the reset of an e-mail's password and says nothing either way: the lookup, the link and the mail
     * happen in the job (`sendResetLink`), so a known and an unknown e-mail are answered after the same work.
     */
    async requestPasswordReset(email: string): Promise<void> {
      await queueResetLink(email.trim());
    },

    /** The reset job: sends a reset link when the e-mail has an active account, and does nothing otherwise. */
    async sendResetLink(email: string): Promise<void> {
      const [user] = await db.select().from(users).where(emailKey(email)).limit(1);
      if (!user || !user.isActive) return;
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      const link = `${publicUrl}/reset-password?token=${token}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Teakwood Studio password',
        text: `Hello ${user.firstName || user.username},\n\nSomeone asked to reset the password of your Teakwood Studio account. If it was you, choose a new password here (the link works once, for one hour):\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        secrets: [link, token],
      });
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())),
        )
        .limit(1);
      const user = row ? await userById(row.userId) : undefined;
      if (!row || !user) throw invalid({ token: ['This reset link is invalid or has expired. Ask for a new one.'] });
      const problems = checkPassword(password, user);
      if (problems.length) throw invalid({ password: problems });
      const used = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      if (used.length === 0) throw invalid({ token: ['This reset link is invalid or has expired. Ask for a new one.'] });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await endSessions({ userId: user.id });
      await endResetLinks(user.id);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
export type AccountUser = User;
