import { z } from 'zod';

// The built store's Content Security Policy allows no eval (vite.config.ts). Zod would try `new Function` once
// to speed up parsing and fall back when refused, but the refusal is still reported as a violation: so it is told
// not to try.
z.config({ jitless: true });

export { z };
