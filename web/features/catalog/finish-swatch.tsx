import { finishColours } from '../../../contract/finishes';

/** A round sample of a finish: its wood colour with a few grain lines, as the drawings show it. */
export function FinishSwatch({ finish, className = 'h-6 w-6' }: { finish: string; className?: string }) {
  const c = finishColours(finish);
  const brass = /brass/i.test(finish);
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={`shrink-0 ${className}`}>
      <circle cx="12" cy="12" r="11" fill={c.mid} />
      <path d="M1 10 C 7 8, 14 12, 23 9" stroke={c.grain} strokeOpacity="0.55" strokeWidth="1" fill="none" />
      <path d="M1.5 15 C 8 13, 15 17, 22.5 14" stroke={c.grain} strokeOpacity="0.5" strokeWidth="1" fill="none" />
      <path d="M8 12 C 10 9.5, 14 9.5, 16 12 C 14 14, 10 14, 8 12 Z" stroke={c.grain} strokeOpacity="0.45" strokeWidth="0.8" fill="none" />
      <path d="M5 5.5 A 9 9 0 0 1 15 3.2" stroke={c.light} strokeOpacity={0.5 + c.sheen / 2} strokeWidth="2" fill="none" strokeLinecap="round" />
      <circle cx="12" cy="12" r="11" fill="none" stroke={brass ? c.hardware : 'rgba(0,0,0,0.18)'} strokeWidth={brass ? 2 : 1} />
    </svg>
  );
}
