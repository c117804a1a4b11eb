import { z } from 'zod'

/**
 * zod for the whole app, configured once before any schema exists. `jitless`: zod 4 otherwise
 * probes `new Function` to compile object parsers, and under our CSP (no 'unsafe-eval') the
 * browser reports that probe as a violation even though zod catches it (Lighthouse's best
 * practices fail on it). Workers forbid eval too, so nothing is lost on the server either.
 */
z.config({ jitless: true })

export { z }
