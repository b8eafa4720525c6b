import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '../features/accounts/auth-layout';
import { Field, FormAlert } from '../components/ui/field';
import { useHydrated } from '../lib/use-hydrated';
import { api, ApiError } from '../lib/api';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Forgot your password',
    description: 'Get a link to choose a new password.',
    path: '/forgot-password',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

export default function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    if (!email.trim()) {
      setError(['Email is required.']);
      return;
    }
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>('/api/password-reset/', {
        method: 'POST',
        json: { email: email.trim() },
      });
      setSent(answer.detail);
    } catch (err) {
      if (err instanceof ApiError && err.errors.email) setError(err.errors.email);
      else setAlert(err instanceof ApiError ? err.detail : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Tell us the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-teak-700 underline-offset-4 hover:underline">
            Back to login
          </Link>
        </p>
      }
    >
      {sent ? (
        <div className="space-y-4">
          <FormAlert message={sent} tone="success" />
          <p className="text-sm text-teak-800">
            The link works once, for one hour. Check your spam folder if it does not arrive within a few minutes.
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5" aria-label="Reset password">
          <FormAlert message={alert} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError([]);
            }}
            errors={error}
          />
          <button type="submit" className="btn-primary w-full py-3.5 text-base" disabled={!hydrated || busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
