import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordProblems } from '../../contract/accounts';
import { AuthLayout, OrDivider } from '../features/accounts/auth-layout';
import { Field, FieldErrors, FormAlert, PasswordField, withoutField } from '../components/ui/field';
import { GoogleButton } from '../features/accounts/google-button';
import { PasswordRules } from '../features/accounts/password-rules';
import { safeNext } from '../features/accounts/redirects';
import { useHydrated } from '../lib/use-hydrated';
import { api, ApiError } from '../lib/api';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/signup';

export async function loader({ context }: Route.LoaderArgs) {
  return { googleClientId: context.services.config.googleClientId };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Sign up',
    description: 'Create your Teakwood Studio account.',
    path: '/signup',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

type FieldName = 'username' | 'email' | 'password' | 'password2';
const REQUIRED = 'This field is required.';
const FIELDS_SHOWN = new Set(['username', 'email', 'password', 'password2', 'policy']);

function check(values: Record<FieldName, string>, accepted: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!values.username.trim()) errors.username = [REQUIRED];
  if (!values.email.trim()) errors.email = [REQUIRED];
  if (!values.password) errors.password = [REQUIRED];
  else {
    const problems = passwordProblems(values.password);
    if (problems.length) errors.password = problems;
  }
  if (!values.password2) errors.password2 = [REQUIRED];
  else if (values.password && values.password !== values.password2) errors.password2 = ['Passwords do not match!'];
  if (!accepted) errors.policy = ['Please accept the Terms & Conditions to create an account.'];
  return errors;
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const hydrated = useHydrated();
  const [values, setValues] = useState<Record<FieldName, string>>({
    username: '',
    email: '',
    password: '',
    password2: '',
  });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';

  const change = (name: FieldName) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => withoutField(e, name));
    setAlert(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(values, accepted);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>('/api/user/register/', {
        method: 'POST',
        json: {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          password2: values.password2,
        },
      });
      await navigate(loginPath, { state: { notice: answer.detail } });
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.errors : {};
      setErrors(fieldErrors);
      const shownOnFields = Object.keys(fieldErrors).some((f) => FIELDS_SHOWN.has(f));
      if (!shownOnFields) setAlert(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.detail : 'Signup failed. Try again.');
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      intro="Save your cart, check out faster and follow every order from our workshop to your home."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={loginPath} className="font-semibold text-teak-700 underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <FormAlert message={alert} />
      {loaderData.googleClientId ? (
        <>
          <div className="mt-4">
            <GoogleButton clientId={loaderData.googleClientId} mode="signup" action={loginPath} disabled={busy} />
          </div>
          <OrDivider />
        </>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-5" aria-label="Sign up">
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={change('username')}
          errors={errors.username}
        />
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
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          errors={errors.password}
          hint={<PasswordRules password={values.password} />}
          shown={shown}
          onToggle={() => setShown((s) => !s)}
        />
        <PasswordField
          label="Re-enter password"
          name="password2"
          autoComplete="new-password"
          value={values.password2}
          onChange={change('password2')}
          errors={errors.password2}
          shown={shown}
          onToggle={() => setShown((s) => !s)}
        />
        <div>
          <label className="flex items-start gap-3 text-sm text-teak-900">
            <input
              type="checkbox"
              name="policy"
              checked={accepted}
              required
              aria-invalid={Boolean(errors.policy)}
              aria-describedby={errors.policy ? 'policy-error' : undefined}
              onChange={(e) => {
                setAccepted(e.target.checked);
                setErrors((er) => withoutField(er, 'policy'));
              }}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-teak-300 accent-teak-600"
            />
            <span>
              I agree to the{' '}
              <Link to="/terms" className="font-semibold text-teak-700 underline underline-offset-4">
                Terms &amp; Conditions
              </Link>{' '}
              and the privacy policy of Teakwood Studio.
            </span>
          </label>
          <FieldErrors id="policy-error" errors={errors.policy ?? []} />
        </div>
        <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={!hydrated || busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
      </form>
    </AuthLayout>
  );
}
