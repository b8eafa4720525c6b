/**
 * The colours of the wood finishes, shared by the drawings (server) and the finish swatches (web), so a
 * swatch and the picture it selects show the same wood. Finish names are free text the owner types; a name
 * not listed here is matched by its words (walnut, espresso, honey…) and falls back to natural teak.
 */
export interface FinishColours {
  /** Sunlit top faces and highlights. */
  light: string;
  /** The wood as seen on a front face. */
  mid: string;
  /** Shadowed sides and the darker late-wood lines of the grain. */
  dark: string;
  /** The grain lines drawn over the wood. */
  grain: string;
  /** 0 (matte) to 1 (glossy): how strongly the wood reflects light. */
  sheen: number;
  /** Pulls, hinges and bells. */
  hardware: string;
}

const BRASS = '#c9a25a';

export const FINISH_COLOURS: Record<string, FinishColours> = {
  'Natural Teak': { light: '#d8ab72', mid: '#b67f45', dark: '#7f532b', grain: '#6d4322', sheen: 0.35, hardware: BRASS },
  'Honey Teak': { light: '#e6b35f', mid: '#c98a34', dark: '#8f5a1c', grain: '#7a4812', sheen: 0.5, hardware: BRASS },
  Walnut: { light: '#a17252', mid: '#7a4f31', dark: '#4d301c', grain: '#3a2313', sheen: 0.35, hardware: BRASS },
  'Dark Walnut': { light: '#7a5239', mid: '#553624', dark: '#331f13', grain: '#22140b', sheen: 0.4, hardware: BRASS },
  Espresso: { light: '#634a3b', mid: '#412e23', dark: '#241911', grain: '#150e09', sheen: 0.45, hardware: '#b8b2a7' },
  Mahogany: { light: '#b0603f', mid: '#873d26', dark: '#561f12', grain: '#431509', sheen: 0.55, hardware: BRASS },
  'Matte Clear': { light: '#e6cfa6', mid: '#cfa877', dark: '#9f7b4e', grain: '#8a6639', sheen: 0.05, hardware: '#9a9a94' },
  Ebony: { light: '#514a45', mid: '#302a27', dark: '#171312', grain: '#0b0908', sheen: 0.6, hardware: BRASS },
  'Antique Brass Accents': { light: '#cf9f66', mid: '#a8713d', dark: '#714923', grain: '#5e3a19', sheen: 0.35, hardware: '#a8843a' },
};

const BY_WORD: [RegExp, string][] = [
  [/ebony|black|charcoal/i, 'Ebony'],
  [/espresso|coffee|wenge/i, 'Espresso'],
  [/dark\s*walnut/i, 'Dark Walnut'],
  [/walnut/i, 'Walnut'],
  [/mahogany|rosewood|cherry|red/i, 'Mahogany'],
  [/honey|golden|amber/i, 'Honey Teak'],
  [/clear|matte|natural oil|white|light/i, 'Matte Clear'],
  [/brass/i, 'Antique Brass Accents'],
];

/** The colours of a finish by name; unknown names are matched by their words, then natural teak. */
export function finishColours(name: string | null | undefined): FinishColours {
  const trimmed = (name ?? '').trim();
  const exact = FINISH_COLOURS[trimmed] ?? Object.entries(FINISH_COLOURS).find(([k]) => k.toLowerCase() === trimmed.toLowerCase())?.[1];
  if (exact) return exact;
  const byWord = BY_WORD.find(([re]) => re.test(trimmed));
  return FINISH_COLOURS[byWord ? byWord[1] : 'Natural Teak']!;
}

/** A finish name as a file-name part: `Dark Walnut` → `dark-walnut`. */
export function finishSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'finish'
  );
}
