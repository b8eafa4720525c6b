import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import fraunces from '../assets/fonts/fraunces-latin-400-700.woff2?url';
import inter from '../assets/fonts/inter-latin-400-700.woff2?url';
import fontsCss from '../fonts.css?url';

/**
 * The shop's two web fonts, never swapped in while a page loads (decision 0009). Putting a font to use lays
 * all the text out again, and the first use of a variable font at each size and weight is costly: in
 * Lighthouse's traces a 15-65 ms task on the build machine (four times that on its simulated phone), right
 * when the page becomes interactive. So:
 * - a browser that has the fonts (it loaded them on an earlier visit) uses them from the first paint: the
 *   head's script adds them before the body is laid out, with `display: optional` (used only if they come
 *   from the cache in time; never swapped later);
 * - a first visit is drawn in the metric-matched local faces of web/app.css; once the page is live and idle
 *   the fonts are fetched, and they are put to use with the next page the visitor opens in the shop, in the
 *   same frame that draws it;
 * - without scripts, web/fonts.css loads them (root.tsx's `<noscript>`).
 * The faces are those of web/fonts.css.
 */
const FACES: [family: string, url: string][] = [
  ['Inter Variable', inter],
  ['Fraunces Variable', fraunces],
];
const WEIGHT = '400 700';
const STORAGE_KEY = 'web-fonts';
/** What the browser was told it keeps: a new build of a font is a new file name, so it counts as not kept. */
const KEPT = FACES.map(([, url]) => url).join(' ');

/** The head's script: the fonts from the first paint for a browser that has them. */
export const KEPT_FONTS_SCRIPT = `(function (faces, kept) {try {if (!window.FontFace || localStorage.getItem('${STORAGE_KEY}') !== kept) return;faces.forEach(function (face) {document.fonts.add(new FontFace(face[0], 'url(' + face[1] + ') format("woff2")', { weight: '${WEIGHT}', display: 'optional' }));});} catch (error) {}})(${JSON.stringify(FACES)}, ${JSON.stringify(KEPT)})`;

/** Faces loaded on this visit, waiting for the next page to be put to use. */
let waiting: FontFace[] | null = null;

function inUse(): boolean {
  return [...document.fonts].some((face) => face.weight === WEIGHT && FACES.some(([family]) => face.family.replaceAll('"', '') === family));
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

/** Fetches the fonts on a first visit once the page is live, and puts them to use with the next page shown. */
export function useWebFonts(): void {
  const { key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (!('FontFace' in window)) {
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = fontsCss;
      document.head.append(sheet);
      return;
    }
    if (inUse() || waiting) return;
    whenIdle(() => {
      const faces = FACES.map(([family, url]) => new FontFace(family, `url(${url}) format("woff2")`, { weight: WEIGHT, display: 'swap' }));
      Promise.all(faces.map((face) => face.load())).then(
        (loaded) => {
          waiting = loaded;
          try {
            localStorage.setItem(STORAGE_KEY, KEPT);
          } catch {
            // Storage refused (a private window): the next visit loads them this way again.
          }
        },
        () => {
          // Out of reach: the local faces stay.
        },
      );
    });
  }, []);
  // Before the browser draws the next page: its layout takes the fonts in at no extra cost.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!waiting) return;
    for (const face of waiting) document.fonts.add(face);
    waiting = null;
  }, [key]);
}
