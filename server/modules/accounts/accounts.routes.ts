import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, loginSchema, profileSchema, profileUpdateSchema, registerSchema, tokenPairSchema } from '../../../contract/accounts';
import { errorSchema, invalid, type FieldErrors } from '../../lib/errors';
import { PUBLIC_FORM_BODY_LIMIT } from '../../lib/edge';
import { verifyGoogleToken } from '../../lib/google';
import type { Services } from '../../services';
import { currentUser, requireUser } from './auth';
import { CHANGE_PASSWORD_LIMIT, RESET_LIMIT, SIGNUP_LIMIT } from './page-limits';

const REFRESH_LIMIT = { max: 60, timeWindow: '5 minutes' };

const googleBody = z
  .object({ access_token: z.string().min(1).max(4096).optional(), id_token: z.string().min(1).max(4096).optional() })
  .refine((b) => b.access_token || b.id_token, { message: 'Send an access_token or an id_token.' });

function zodErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return errors;
}

export const accountsRoutes: FastifyPluginAsyncZod<{ services: Services; google: { clientId?: string; apiBase: string } }> = async (
  app,
  { services, google },
) => {
  const { accounts } = services;
  const tags = ['accounts'];
  const guard = services.loginGuard;
  const loginAddressLimit = (request: FastifyRequest) => guard.attempt(request.ip);

  app.post(
    '/api/user/register/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: SIGNUP_LIMIT },
      schema: {
        tags,
        summary: 'Create an account',
        description:
          'Answers 201 alike whether or not the e-mail already has an account (no account enumeration); in the second case no account is made and the owner of the address is e-mailed instead. 400 for a bad field or a username that is taken.',
        body: registerSchema,
        response: { 201: z.object({ detail: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await accounts.register(request.body);
      return reply.status(201).send({ detail: 'Your account is ready. Please log in.' });
    },
  );

  app.post(
    '/api/token/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      onRequest: loginAddressLimit,
      schema: {
        tags,
        summary: 'Log in: e-mail and password for tokens',
        body: loginSchema,
        response: { 200: tokenPairSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    (request) => guard.withPassword(request.ip, request.body.email, () => accounts.login(request.body.email, request.body.password)),
  );

  app.post(
    '/api/token/refresh/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: REFRESH_LIMIT },
      schema: {
        tags,
        summary: 'A new access token (and refresh token) for a refresh token; the one sent stays usable until it expires or its session ends',
        body: z.object({ refresh: z.string().min(1, 'This field is required.') }),
        response: { 200: tokenPairSchema, 401: errorSchema },
      },
    },
    (request) => accounts.refresh(request.body.refresh),
  );

  app.post(
    '/api/token/logout/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Log out: end the session of a refresh token (its access tokens stop at once)',
        body: z.object({ refresh: z.string().min(1, 'This field is required.') }),
      },
    },
    async (request, reply) => {
      await accounts.logout(request.body.refresh);
      return reply.status(204).send();
    },
  );

  for (const url of ['/rest-auth/google/', '/api/auth/google/']) {
    app.post(
      url,
      {
        bodyLimit: PUBLIC_FORM_BODY_LIMIT,
        onRequest: loginAddressLimit,
        schema: {
          tags,
          summary: 'Sign in with Google (OAuth access token or ID token)',
          body: googleBody,
          response: { 200: tokenPairSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const identity = await verifyGoogleToken(google, request.body);
        return accounts.googleSignIn(identity);
      },
    );
  }

  app.get(
    '/api/profile/',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'The logged-in user’s profile', security: [{ bearer: [] }], response: { 200: profileSchema, 401: errorSchema } },
    },
    (request) => accounts.profile(currentUser(request)),
  );

  app.patch(
    '/api/profile/',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Update the profile (JSON), or upload the picture (multipart `profile_picture`)',
        description:
          "A new `email` needs `current_password` (or, for an account that signs in with Google only, a fresh `google_id_token` or `google_access_token` of that Google account); without it, or with a wrong one, the answer is 400 and nothing changes. The old address is told, and the account's other sessions end.",
        security: [{ bearer: [] }],
        response: { 200: profileSchema, 400: errorSchema, 401: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.isMultipart()) {
        // The last picture part counts; other parts are read and dropped.
        let bytes: Buffer | undefined;
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const read = await part.toBuffer();
          if (part.fieldname === 'profile_picture') bytes = read;
        }
        if (!bytes) throw invalid({ profile_picture: ['Choose a picture to upload.'] });
        return services.setProfilePicture(user, bytes);
      }
      const parsed = profileUpdateSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalid(zodErrors(parsed.error));
      const { google_id_token, google_access_token } = parsed.data;
      const googleProof =
        google_id_token || google_access_token
          ? await verifyGoogleToken(google, { id_token: google_id_token, access_token: google_access_token })
          : undefined;
      // A wrong current password counts as a failed log-in of the account: a stolen access token cannot guess it.
      return guard.accountPassword(user.email, (onWrongPassword) =>
        accounts.updateProfile(user, parsed.data, { sessionId: request.sessionId, google: googleProof, onWrongPassword }),
      );
    },
  );

  app.post(
    '/api/change-password/',
    {
      preHandler: requireUser,
      config: { rateLimit: CHANGE_PASSWORD_LIMIT },
      schema: { tags, summary: 'Change the password', security: [{ bearer: [] }], body: changePasswordSchema },
    },
    async (request, reply) => {
      // A browser's own session (cookie) stays; a token client's session ends with the others, as before.
      const keep = request.headers.authorization ? null : request.sessionId;
      await accounts.changePassword(currentUser(request), request.body.old_password, request.body.new_password, keep);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/password-reset/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: RESET_LIMIT },
      schema: {
        tags,
        summary: 'E-mail a password reset link (answers 202 whether or not the e-mail has an account)',
        body: z.object({ email: z.string().trim().min(1, 'This field is required.').max(254) }),
      },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email);
      return reply.status(202).send({ detail: 'If an account uses this e-mail, we have sent it a link to reset the password.' });
    },
  );

  app.post(
    '/api/password-reset/confirm/',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: RESET_LIMIT },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: z.object({
          token: z.string().min(1, 'This field is required.').max(200),
          password: z.string().min(1, 'This field is required.').max(128),
        }),
      },
    },
    async (request, reply) => {
      await accounts.confirmPasswordReset(request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/config/',
    { schema: { tags, summary: 'Which sign-in methods are available', response: { 200: z.object({ google_client_id: z.string().nullable() }) } } },
    () => ({
      google_client_id: google.clientId ?? null,
    }),
  );
};
