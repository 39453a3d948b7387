/**
 * Opens self-service sign-up (REGISTRATION_ENABLED, off by default) for a file that tests it, before any module reads
 * the configuration. Import after isolated-env.
 */
process.env.REGISTRATION_ENABLED = "true";
