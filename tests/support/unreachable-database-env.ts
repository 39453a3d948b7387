/**
 * Points the database at a port nothing listens on, before any module reads the
 * configuration: every connection attempt is refused. Import after isolated-env.
 */
process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/clubops";
