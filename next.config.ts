import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and server-only packages are loaded by Node at run time, never bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "chdb",
    "s3rver",
    "smtp-server",
    "mailparser",
    "pino",
    "postgres",
    "ioredis",
    "croner",
  ],
  poweredByHeader: false,
};

export default nextConfig;
