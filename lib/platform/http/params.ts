import { z } from "zod";

/** `{id}` path parameters are UUIDs; anything else is a 400 validation problem, never a database error. */
export const idParams = z.object({ id: z.uuid("Not a valid id.") });
