import { z } from 'zod';

// In the browser zod builds its parsers without `new Function`: the page's Content-Security-Policy has no
// 'unsafe-eval', and zod's probe for it would be reported as a policy violation on every page using a
// schema. The server keeps the faster compiled parsers. This module must run before any schema is made,
// which is why every contract file takes `z` from here.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
