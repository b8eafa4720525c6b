import type { CSSProperties } from 'react';
import { finishColours } from '../../../contract/finishes';

const SWATCH_ID = 'finish-swatch';

/**
 * The drawing every swatch shows (a round of wood with a few grain lines, as the drawings show it), once per
 * page; each swatch colours it through custom properties. Render it once, beside the swatches.
 */
export function FinishSwatchDrawing() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <symbol id={SWATCH_ID} viewBox="0 0 24 24" fill="none">
        <circle cx="12" cy="12" r="11" style={{ fill: 'var(--wood)' }} />
        <g style={{ stroke: 'var(--grain)' }}>
          <path d="M1 10 C 7 8, 14 12, 23 9" strokeOpacity="0.55" />
          <path d="M1.5 15 C 8 13, 15 17, 22.5 14" strokeOpacity="0.5" />
          <path d="M8 12 C 10 9.5, 14 9.5, 16 12 C 14 14, 10 14, 8 12 Z" strokeOpacity="0.45" strokeWidth="0.8" />
        </g>
        <path
          d="M5 5.5 A 9 9 0 0 1 15 3.2"
          style={{ stroke: 'var(--sheen)', strokeOpacity: 'var(--sheen-opacity)' }}
          strokeWidth="2"
          strokeLinecap="round"
        />
        <circle cx="12" cy="12" r="11" style={{ stroke: 'var(--rim)', strokeWidth: 'var(--rim-width)' }} />
      </symbol>
    </svg>
  );
}

/** A round sample of a finish: its wood colour and grain (the drawing of `FinishSwatchDrawing`). */
export function FinishSwatch({ finish, className = 'h-6 w-6' }: { finish: string; className?: string }) {
  const c = finishColours(finish);
  const brass = /brass/i.test(finish);
  const colours = {
    '--wood': c.mid,
    '--grain': c.grain,
    '--sheen': c.light,
    '--sheen-opacity': 0.5 + c.sheen / 2,
    '--rim': brass ? c.hardware : 'rgba(0,0,0,0.18)',
    '--rim-width': brass ? 2 : 1,
  } as CSSProperties;
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={`shrink-0 ${className}`} style={colours}>
      <use href={`#${SWATCH_ID}`} />
    </svg>
  );
}
