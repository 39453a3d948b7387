import path from "node:path";

/** drizzle-kit writes migrations here; both drivers apply the same files. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");
