/**
 * Imported first by main.tsx. zod probes whether it may compile parsers with `new Function`; under our
 * Content-Security-Policy (no 'unsafe-eval', docs/decisions.md) the probe fails, and the browser reports the caught
 * attempt as a policy violation. `jitless` skips the probe: the parsers run interpreted, as they would anyway.
 */
import { z } from 'zod';

z.config({ jitless: true });
