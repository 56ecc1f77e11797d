import { z } from 'zod';

// The built app's Content Security Policy allows no eval (scripts/vite/content-security-policy.mts). Zod would try
// `new Function` once to speed up parsing and fall back when refused, but the refusal is still reported as a
// violation: so it is told not to try. main.tsx imports this before the app.
z.config({ jitless: true });
