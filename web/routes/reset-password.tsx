import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordProblems } from '../../contract/accounts';
import { AuthLayout } from '../features/accounts/auth-layout';
import { FormAlert, PasswordField, withoutField } from '../components/ui/field';
import { PasswordRules } from '../features/accounts/password-rules';
import { useHydrated } from '../lib/use-hydrated';
import { api, ApiError } from '../lib/api';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    path: '/reset-password',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [values, setValues] = useState({ password: '', password2: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const [linkBroken, setLinkBroken] = useState(!token);

  const change = (name: 'password' | 'password2') => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => withoutField(e, name));
    setAlert(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (!values.password) found.password = ['This field is required.'];
    else if (passwordProblems(values.password).length) found.password = passwordProblems(values.password);
    if (!values.password2) found.password2 = ['This field is required.'];
    else if (values.password && values.password !== values.password2) found.password2 = ['Passwords do not match!'];
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api('/api/password-reset/confirm/', {
        method: 'POST',
        json: { token, password: values.password },
      });
      await navigate('/login', {
        replace: true,
        state: {
          notice: 'Your password has been changed. Please log in with the new one.',
        },
      });
    } catch (err) {
      if (err instanceof ApiError && err.errors.token) setLinkBroken(true);
      else if (err instanceof ApiError && err.errors.password) setErrors({ password: err.errors.password });
      else setAlert(err instanceof ApiError ? err.detail : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" intro={linkBroken ? undefined : 'Pick a password you do not use anywhere else.'}>
      {linkBroken ? (
        <div className="space-y-5">
          <FormAlert message="This reset link is invalid or has expired. Ask for a new one." />
          <Link to="/forgot-password" className="btn-primary w-full py-3.5 text-base">
            Send me a new link
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" aria-label="Choose a new password">
          <FormAlert message={alert} />
          <PasswordField
            label="New password"
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
            label="Re-enter new password"
            name="password2"
            autoComplete="new-password"
            value={values.password2}
            onChange={change('password2')}
            errors={errors.password2}
            shown={shown}
            onToggle={() => setShown((s) => !s)}
          />
          <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={!hydrated || busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
