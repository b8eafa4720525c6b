declare global {
  interface Window {
    /** Buttons tapped before the scripts took over, in order (the boot script's, web/entry.server.tsx). */
    __tapsBeforeHydration?: HTMLButtonElement[];
  }
}

/**
 * Answers the taps a person made on the page's script-only buttons (the gallery's arrows, a dialog's opener)
 * before its scripts had taken over: each button, if it is still the one on the page and not disabled, is
 * pressed again, in order, once React has hydrated it. Called when the document is hydrated; the boot script
 * keeps them (web/entry.server.tsx).
 */
export function replayTapsBeforeHydration(): void {
  const taps = typeof window === 'undefined' ? undefined : window.__tapsBeforeHydration;
  if (!taps?.length) return;
  const pending = taps.splice(0);
  // After the commit that hydrated the document: its handlers are attached by then.
  setTimeout(() => {
    for (const button of pending) if (button.isConnected && !button.disabled) button.click();
  }, 0);
}
