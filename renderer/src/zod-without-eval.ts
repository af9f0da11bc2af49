// Zod compiles object schemas with new Function when it may, and probes for that on first use. The web
// app's Content-Security-Policy allows no eval (server/http/security-headers.ts), so the probe would be
// reported as a violation on every page that checks an answer; jitless skips both probe and compiling.
import { z } from 'zod';

z.config({ jitless: true });
