import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useActionData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { loginSchema } from '../../contract/accounts';
import { Field, FormAlert, PasswordField } from '../components/ui/field';
import { AuthLayout, OrDivider } from '../features/accounts/auth-layout';
import { GoogleButton } from '../features/accounts/google-button';
import { landingAfterLogin, safeNext } from '../features/accounts/redirects';
import { useSession } from '../lib/session';
import { mergeGuestCart } from '../lib/cart.server';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/login';

export async function loader({ context }: Route.LoaderArgs) {
  return { googleClientId: context.services.config.googleClientId };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'Login',
    description: 'Log in to your Teakwood Studio account.',
    path: '/login',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

const googleSchema = z.object({ intent: z.literal('google'), access_token: z.string().min(1).max(4096) });

/**
 * Log-in with a password, or with Google's token from the Google button: on success a new browser session
 * (HttpOnly cookie) and the spec's landing page; the same limits as `/api/token/` (shared counters).
 */
export async function action(args: Route.ActionArgs) {
  return dispatch(args, { password: passwordLogin, google: googleLogin }, { fallback: 'password' });
}

async function passwordLogin({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const { services, ip } = context;
  const submission = checkForm(formData, loginSchema);
  if (submission.status !== 'success') return invalid('password', submission);
  const { email, password } = submission.value;
  try {
    await services.loginGuard.attempt(ip);
    const user = await services.loginGuard.withPassword(ip, email, () => services.accounts.authenticate(email, password));
    return await openSession(request, context, user);
  } catch (err) {
    return refusal('password', err, { submission });
  }
}

async function googleLogin({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const { services, ip } = context;
  const submission = checkForm(formData, googleSchema);
  if (submission.status !== 'success') return invalid('google', submission);
  try {
    await services.loginGuard.attempt(ip);
    const user = await services.accounts.googleAccount(await services.verifyGoogle({ access_token: submission.value.access_token }));
    return await openSession(request, context, user);
  } catch (err) {
    return refusal('google', err, { submission });
  }
}

/** A new browser session for the user, this browser's guest cart joined to theirs, and the spec's landing page. */
async function openSession(request: Request, context: Route.ActionArgs['context'], user: { id: number; isSuperuser: boolean }) {
  const headers = new Headers({ 'set-cookie': await context.services.browserSessions.open(user.id) });
  // This browser's guest cart joins the user's cart (and its cookie goes).
  const merged = await mergeGuestCart(request, context, user.id);
  if (merged) headers.append('set-cookie', merged);
  const next = new URL(request.url).searchParams.get('next');
  return redirect(landingAfterLogin({ is_superuser: user.isSuperuser }, next), { headers });
}

/** What the sign-up and password-reset pages pass along when they send the visitor here. */
function noticeOf(state: unknown, params: URLSearchParams): string | null {
  if (state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string') return state.notice;
  if (params.get('reset') === 'done') return 'Your password has been changed. Please log in with the new one.';
  if (params.get('signup') === 'done') return 'Your account is ready. Please log in.';
  return null;
}

/** Why a visitor was sent here, from the page she asked for: what logging in gets her. */
function whyHere(next: string | null): string | null {
  if (!next) return null;
  const path = next.split(/[?#]/)[0]!;
  if (path === '/request-quote')
    return 'Log in or create an account to send your request for a quote. What you typed is kept and comes back with you; only the photos need adding again.';
  if (path === '/quotes' || path.startsWith('/quotes/')) return 'Log in to see your quotes and answer them.';
  if (path === '/cart' || path === '/checkout' || path === '/orderaddress') return 'Log in to see your cart and check out.';
  if (path === '/orderdetails' || path.startsWith('/order-confirmation')) return 'Log in to see your orders.';
  if (path === '/book-consultation') return 'Log in to book your consultation.';
  return 'Log in to go on to the page you asked for.';
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const [form, fields] = useForm({
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const notice = noticeOf(location.state, params);
  const why = whyHere(next);
  const formAction = next ? `/login?next=${encodeURIComponent(next)}` : '/login';

  return (
    <AuthLayout
      title="Welcome back"
      intro="Log in to see your cart, your orders and your saved addresses."
      footer={
        <p>
          New to Teakwood Studio?{' '}
          <Link
            to={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}
            className="font-semibold text-teak-700 underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </p>
      }
    >
      {session.user ? (
        <p className="mb-6 rounded-xl bg-teak-50 px-4 py-3 text-sm text-teak-800 ring-1 ring-teak-200">
          You are logged in as <strong>{session.user.username}</strong>. Log in below to switch accounts, or{' '}
          <Link to="/profile" className="font-semibold text-teak-700 underline underline-offset-4">
            change your password on your profile
          </Link>
          .
        </p>
      ) : null}
      {why && !session.user ? (
        <p role="status" className="mb-6 rounded-xl bg-teak-50 px-4 py-3 text-sm text-teak-800 ring-1 ring-teak-200">
          {why}
        </p>
      ) : null}
      <div className="space-y-4">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={form.errors?.[0] ?? null} />
      </div>
      {loaderData.googleClientId ? (
        <>
          <div className="mt-4">
            <GoogleButton clientId={loaderData.googleClientId} mode="login" action={formAction} disabled={busy} />
          </div>
          <OrDivider />
        </>
      ) : null}
      <Form method="post" action={formAction} {...getFormProps(form)} className="mt-4 space-y-5" aria-label="Log in">
        <Field
          label="Email"
          name={fields.email.name}
          defaultValue={fields.email.initialValue}
          type="email"
          autoComplete="email"
          inputMode="email"
          errors={fields.email.errors}
        />
        <PasswordField label="Password" name={fields.password.name} autoComplete="current-password" errors={fields.password.errors} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-teak-700 underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </Form>
    </AuthLayout>
  );
}
