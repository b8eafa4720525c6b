/** Posts JSON to our API; returns field errors or a sentence on failure. */
export async function postJson(
  url: string,
  body: Record<string, string>,
): Promise<{ ok: true } | { ok: false; detail: string; errors: Record<string, string[]> }> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.ok) return { ok: true };
    const data = (await res.json().catch(() => ({}))) as { detail?: string; errors?: Record<string, string[]> };
    return { ok: false, detail: data.detail ?? 'Something went wrong. Please try again.', errors: data.errors ?? {} };
  } catch {
    return { ok: false, detail: 'Could not reach the shop. Check your connection and try again.', errors: {} };
  }
}
