import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { TokenPair } from '../../contract/accounts';
import { AuthLayout, OrDivider } from '../features/accounts/auth-layout';
import { Field, FormAlert, PasswordField, withoutField } from '../features/accounts/form-field';
import { GoogleButton } from '../features/accounts/google-button';
import { landingAfterLogin, safeNext } from '../features/accounts/redirects';
import { useSession } from '../features/accounts/session';
import { useHydrated } from '../lib/use-hydrated';
import { api, ApiError } from '../lib/api';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/login';

export async function loader({ context }: Route.LoaderArgs) {
  return { googleClientId: context.services.config.googleClientId };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Login',
    description: 'Log in to your Teakwood Studio account.',
    path: '/login',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

/** What the sign-up and password-reset pages pass along when they send the visitor here. */
function noticeOf(state: unknown): string | null {
  return state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const hydrated = useHydrated();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const notice = noticeOf(location.state);

  const change = (name: 'email' | 'password') => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => withoutField(e, name));
    setAlert(null);
  };

  async function finish(tokens: TokenPair) {
    const user = await session.login(tokens);
    await navigate(landingAfterLogin(user, next), { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (!values.email.trim()) found.email = ['Email is required.'];
    if (!values.password) found.password = ['Password is required.'];
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const tokens = await api<TokenPair>('/api/token/', {
        method: 'POST',
        json: { email: values.email.trim(), password: values.password },
      });
      await finish(tokens);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.errors).length) setErrors(err.errors);
      else if (err instanceof ApiError && err.status === 401) setAlert('Invalid email or password');
      else setAlert(err instanceof ApiError ? err.detail : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

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
      {session.status === 'authenticated' && session.user ? (
        <p className="mb-6 rounded-xl bg-teak-50 px-4 py-3 text-sm text-teak-800 ring-1 ring-teak-200">
          You are logged in as <strong>{session.user.username}</strong>. Log in below to switch accounts, or{' '}
          <Link to="/profile" className="font-semibold text-teak-700 underline underline-offset-4">
            change your password on your profile
          </Link>
          .
        </p>
      ) : null}
      <div className="space-y-4">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={alert} />
      </div>
      {loaderData.googleClientId ? (
        <>
          <div className="mt-4">
            <GoogleButton clientId={loaderData.googleClientId} mode="login" onTokens={finish} onError={setAlert} disabled={busy} />
          </div>
          <OrDivider />
        </>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-5" aria-label="Log in">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          errors={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          errors={errors.password}
          shown={showPassword}
          onToggle={() => setShowPassword((s) => !s)}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-teak-700 underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={!hydrated || busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
    </AuthLayout>
  );
}
