import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  light: 'btn-light',
} as const;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  /** The form is on its way (navigation or fetcher state): the button is disabled and says so. */
  pending?: boolean;
  /** What the button says meanwhile ("Saving…"); its own label otherwise. */
  pendingLabel?: string;
}

/** The shop's button: one of its three looks, and the pending state of the form it sends. */
export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  className = '',
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} disabled={disabled || pending} aria-busy={pending || undefined} className={`${VARIANTS[variant]} ${className}`} {...rest}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
