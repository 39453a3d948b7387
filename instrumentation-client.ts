import { z } from "zod";

// Runs in the browser before the console's own modules. zod compiles object parsers with `new Function` when it may,
// and probes that with a `new Function("")` whose refusal the console's Content-Security-Policy (no 'unsafe-eval')
// reports as a violation even though zod catches it. Its interpreted parsing gives the same answers.
z.config({ jitless: true });
