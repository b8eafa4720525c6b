interface Dimensions {
  length?: number;
  breadth?: number;
  height?: number;
}

const PERSON = 170;
const DOOR = 210;
const K = 0.45;
const COS = 0.87;
const SIN = 0.5;

/**
 * The piece's outline as a box drawn to scale, its length, breadth and height in cm, beside a person
 * (or, for pieces taller than a person, a door) for scale. Pure SVG with a viewBox: its height follows its
 * width, so it never moves the page.
 */
export function DimensionsDrawing({ dimensions }: { dimensions: Dimensions }) {
  const L = dimensions.length ?? 0;
  const B = dimensions.breadth ?? 0;
  const H = dimensions.height ?? 0;
  if (L <= 0 || H <= 0) return null;
  const tall = H > PERSON;
  const refH = tall ? DOOR : PERSON;
  const refW = tall ? 90 : 45;
  const gap = 30;
  const dx = B * K * COS;
  const dy = B * K * SIN;
  const margin = 34;
  // Labels are drawn at a size that stays readable however large the piece is.
  const font0 = Math.max(11, Math.max(L + dx, refH) / 16);
  const top = Math.max(refH, H + dy);
  const floor = margin + top;
  const x0 = margin + refW + gap;
  // The box: front face, top and right side.
  const front = `M${x0} ${floor} h${L} v${-H} h${-L} Z`;
  const topFace = `M${x0} ${floor - H} l${dx} ${-dy} h${L} l${-dx} ${dy} Z`;
  const side = `M${x0 + L} ${floor} l${dx} ${-dy} v${-H} l${-dx} ${dy} Z`;
  const font = font0;
  // The labels' extents, so the viewBox holds every one whole ("person 170 cm" under a narrow figure is wider
  // than the figure): a generous width per character of the sans-serif face, which fits digits and letters.
  const textWidth = (text: string) => text.length * font * 0.62;
  const refLabel = `${tall ? 'door' : 'person'} ${refH} cm`;
  const left = Math.min(0, margin + refW / 2 - textWidth(refLabel) / 2 - 6);
  const right = Math.max(
    x0 + L + dx + margin,
    x0 + L / 2 + textWidth(`${L} cm`) / 2,
    x0 + L + dx + 18 + textWidth(`${H} cm`),
    B > 0 ? x0 + L + dx / 2 + 16 + textWidth(`${B} cm`) : 0,
  );
  const width = right + 6 - left;
  // Below the floor: the length's label (its descenders too) however large the type.
  const height = Math.max(top + margin * 2 + 14, floor + 14 + font * 1.3 + 4);
  const label = (x: number, y: number, text: string, anchor: 'middle' | 'start' = 'middle') => (
    <text x={x} y={y} fontSize={font} textAnchor={anchor} fill="currentColor" className="font-sans">
      {text}
    </text>
  );
  const summary = `The piece drawn to scale: ${L} cm long, ${B} cm deep and ${H} cm high, beside ${tall ? `a door ${DOOR} cm high` : `a person ${PERSON} cm tall`}.`;
  return (
    <figure className="mt-4 rounded-2xl bg-white p-3 ring-1 ring-teak-200/60">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`${Math.floor(left)} 0 ${Math.ceil(width)} ${Math.round(height)}`}
        className="block h-auto max-h-72 w-full text-teak-800"
      >
        <line x1={margin / 2} y1={floor} x2={right - margin / 2} y2={floor} stroke="currentColor" strokeOpacity="0.3" />
        {tall ? (
          <g stroke="currentColor" strokeOpacity="0.45" fill="none" strokeWidth="1.5">
            <rect x={margin} y={floor - DOOR} width={refW} height={DOOR} />
            <rect x={margin + 10} y={floor - DOOR + 12} width={refW - 20} height={DOOR * 0.4} />
            <rect x={margin + 10} y={floor - DOOR * 0.48} width={refW - 20} height={DOOR * 0.4} />
            <circle cx={margin + refW - 10} cy={floor - DOOR / 2} r="2.5" />
          </g>
        ) : (
          <g fill="currentColor" fillOpacity="0.28">
            <circle cx={margin + refW / 2} cy={floor - PERSON + 11} r="11" />
            <rect x={margin + refW / 2 - 15} y={floor - PERSON + 25} width="30" height="64" rx="8" />
            <rect x={margin + refW / 2 - 23} y={floor - PERSON + 27} width="7" height="56" rx="3.5" />
            <rect x={margin + refW / 2 + 16} y={floor - PERSON + 27} width="7" height="56" rx="3.5" />
            <rect x={margin + refW / 2 - 14} y={floor - PERSON + 86} width="12" height={PERSON - 86} rx="4" />
            <rect x={margin + refW / 2 + 2} y={floor - PERSON + 86} width="12" height={PERSON - 86} rx="4" />
          </g>
        )}
        {label(margin + refW / 2, floor + font + 4, refLabel)}
        <g stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d={side} fill="#b67f45" fillOpacity="0.35" />
          <path d={topFace} fill="#d8ab72" fillOpacity="0.35" />
          <path d={front} fill="#d8ab72" fillOpacity="0.2" />
        </g>
        <g stroke="currentColor" strokeOpacity="0.7" strokeWidth="1">
          <line x1={x0} y1={floor + 10} x2={x0 + L} y2={floor + 10} />
          <line x1={x0 + L + dx + 12} y1={floor - dy} x2={x0 + L + dx + 12} y2={floor - dy - H} />
          <line x1={x0 + L + 10} y1={floor + 6} x2={x0 + L + dx + 10} y2={floor - dy + 6} />
        </g>
        {label(x0 + L / 2, floor + 14 + font, `${L} cm`)}
        {label(x0 + L + dx + 18, floor - dy - H / 2 + font / 3, `${H} cm`, 'start')}
        {B > 0 ? label(x0 + L + dx / 2 + 16, floor - dy / 2 + font + 6, `${B} cm`, 'start') : null}
      </svg>
      <figcaption className="mt-1 text-center text-xs text-teak-600">
        Length × breadth × height, beside {tall ? 'a door' : 'a person'} for scale
      </figcaption>
    </figure>
  );
}
