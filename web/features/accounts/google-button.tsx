import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Answer } from '../../lib/answer';

const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface TokenResponse {
  access_token?: string;
  error?: string;
}
interface TokenClient {
  requestAccessToken(): void;
}
interface GoogleIdentityServices {
  accounts: {
    oauth2: {
      initTokenClient(config: {
        client_id: string;
        scope: string;
        callback: (response: TokenResponse) => void;
        error_callback?: (error: { type?: string }) => void;
      }): TokenClient;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

let loading: Promise<GoogleIdentityServices> | null = null;

/** Google's script, loaded once per tab and only by the pages that offer Google sign-in. */
function loadGoogle(): Promise<GoogleIdentityServices> {
  if (window.google?.accounts) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentityServices>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    // The page's policy allows scripts carrying its nonce; the browser hides the attribute but keeps the property.
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => (window.google?.accounts ? resolve(window.google) : reject(new Error('Google sign-in is unavailable.')));
    script.onerror = () => reject(new Error('Google sign-in could not be loaded.'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

interface GoogleButtonProps {
  clientId: string;
  /** 'login' or 'signup': the spec words the messages after the page; 'confirm' proves a Google sign-in again. */
  mode: 'login' | 'signup' | 'confirm';
  /** The log-in action that trades Google's token for a session (login and signup pages). */
  action?: string;
  /** Instead of logging in: the fresh Google access token, for a call that needs proof (a new e-mail). */
  onAccessToken?: (accessToken: string) => Promise<void>;
  onError?: (message: string) => void;
  disabled?: boolean;
}

/** The sentence of a refused sign-in, from the action's answer. */
function refusalOf(answer: Answer | undefined): string | null {
  return answer && !answer.ok ? answer.message : null;
}

/** "Continue with Google": asks Google for an access token in its pop-up, then trades it with our server. */
export function GoogleButton({ clientId, mode, action = '/login', onAccessToken, onError, disabled }: GoogleButtonProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const signIn = useFetcher<Answer>({ key: 'google-sign-in' });
  const report = (text: string) => (onError ? onError(text) : setMessage(text));
  const refusal = refusalOf(signIn.data);
  const client = useRef<TokenClient | null>(null);
  const failed = mode === 'signup' ? 'Google signup failed' : 'Google login failed';
  const cancelled = mode === 'signup' ? 'Google signup was cancelled or failed' : 'Google login was cancelled or failed';
  // Google's client once its script has loaded (null: it could not be); a tap before that waits for it.
  const ready = useRef<Promise<TokenClient | null> | null>(null);
  const handlers = useRef({ onAccessToken, report, signIn, action });
  handlers.current = { onAccessToken, report, signIn, action };

  useEffect(() => {
    let active = true;
    ready.current = loadGoogle()
      .then((google) => {
        if (!active) return null;
        client.current = google.accounts.oauth2.initTokenClient({
          client_id: clientId,
          scope: 'openid email profile',
          callback: (response) => {
            if (!response.access_token || response.error) {
              setBusy(false);
              handlers.current.report(cancelled);
              return;
            }
            const { onAccessToken: prove } = handlers.current;
            if (prove) {
              void prove(response.access_token).finally(() => setBusy(false));
              return;
            }
            // The log-in action checks the token with Google, opens the session and sends the user on.
            setMessage(null);
            void handlers.current.signIn
              .submit({ intent: 'google', access_token: response.access_token }, { method: 'post', action: handlers.current.action })
              .finally(() => setBusy(false));
          },
          error_callback: () => {
            setBusy(false);
            handlers.current.report(cancelled);
          },
        });
        return client.current;
      })
      .catch(() => {
        client.current = null;
        return null;
      });
    return () => {
      active = false;
    };
  }, [clientId, cancelled, failed]);

  // A tap while Google's script is still on its way waits for it ("Waiting for Google…"), rather than saying that
  // the sign-in failed; it fails only when the script could not be loaded. The pop-up opens within the tap's
  // moment of user activation, which the browser keeps for a few seconds.
  async function start() {
    setMessage(null);
    setBusy(true);
    const google = client.current ?? (await ready.current);
    if (!google) {
      setBusy(false);
      report(failed);
      return;
    }
    google.requestAccessToken();
  }

  const shown = message ?? (refusal ? `${failed}. ${refusal}` : null);
  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        disabled={disabled || busy}
        className="flex w-full items-center justify-center gap-3 rounded-full border border-teak-200 bg-white px-6 py-3 text-sm font-semibold text-ink shadow-sm transition-colors hover:border-teak-300 hover:bg-teak-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
        </svg>
        {busy ? 'Waiting for Google…' : mode === 'login' ? 'Continue with Google' : mode === 'signup' ? 'Sign up with Google' : 'Confirm with Google'}
      </button>
      {shown ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
          {shown}
        </p>
      ) : null}
    </>
  );
}
