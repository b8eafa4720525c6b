import fraunces from '../assets/fonts/fraunces-latin-400-700.woff2?url';
import inter from '../assets/fonts/inter-latin-400-700.woff2?url';

/**
 * The shop's two web fonts, on the first page a visitor opens (decision 0009, amended by 0047). Their faces are
 * declared in web/app.css with `font-display: swap` beside metric-matched local fallbacks; these links preload
 * the files from the shop's own origin (never a font host), so they arrive with the stylesheet and the first
 * paint is usually drawn in them already; when they come later, the swap moves nothing (no layout shift).
 * The same hashed files as app.css's `url()`s: Vite names an asset once.
 */
export const FONT_FILES = [inter, fraunces] as const;
