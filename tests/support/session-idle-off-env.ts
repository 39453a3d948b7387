/**
 * Turns the idle timeout off (SESSION_IDLE_MINUTES=0) for a file that moves the clock by days to prove the absolute
 * lifetime alone; app/api/auth/sign-ins.int.test.ts proves the idle timeout. Import after isolated-env.
 */
process.env.SESSION_IDLE_MINUTES = "0";
