import { SPECIAL_CHARACTERS } from '../../../contract/accounts';

const RULES: { label: string; test: (p: string) => boolean }[] = [
  { label: '8 or more characters', test: (p) => p.length >= 8 },
  { label: 'an uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { label: 'a lowercase letter', test: (p) => /[a-z]/.test(p) },
  { label: 'a number', test: (p) => /[0-9]/.test(p) },
  {
    label: `a special character (${SPECIAL_CHARACTERS})`,
    test: (p) => [...p].some((c) => SPECIAL_CHARACTERS.includes(c)),
  },
];

/** The rules a new password must meet, ticked off while it is typed. */
export function PasswordRules({ password }: { password: string }) {
  return (
    <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
      <span className="sr-only">Use at least:</span>
      {RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <span key={rule.label} className={`inline-flex items-center gap-1 ${met ? 'text-leaf' : 'text-teak-700'}`}>
            <span aria-hidden>{met ? '✓' : '·'}</span>
            {rule.label}
            <span className="sr-only">{met ? ' (done)' : ''}</span>
          </span>
        );
      })}
    </span>
  );
}
