/**
 * Settings of the fuzzing run, before any module reads the configuration. Import after isolated-env.
 * A fixed AUTH_SECRET lets the test forge tokens with the real key (expired, odd claims); small file
 * limits let a fuzzed upload pass them without megabytes of random bytes; sign-up is open, so it is fuzzed for real.
 */
process.env.AUTH_SECRET = "reliability-fuzzing-secret-0123456789abcdef";
process.env.FILE_LIMIT_DOCUMENTS_MB = "1";
process.env.FILE_LIMIT_IMAGES_MB = "1";
process.env.FILE_LIMIT_TEMP_MB = "1";
process.env.REGISTRATION_ENABLED = "true";
