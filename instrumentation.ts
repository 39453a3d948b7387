/**
 * Composes the server's start: the platform (lib/platform/boot) first, then what runs on it (the job scheduler, and
 * the setup code's announcement while the club is not set up).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    const [{ bootServer }, { startSchedulerUnlessInngest }, { announceSetupCode }] = await Promise.all([
      import("./lib/platform/boot"),
      import("./lib/jobs/scheduler"),
      import("./lib/setup/setup-code"),
    ]);
    bootServer((started) => {
      startSchedulerUnlessInngest(started);
      void announceSetupCode(started);
    });
  } catch (error) {
    // Next.js logs what register() throws and goes on listening, answering 500 to every request (/health/live
    // included): a server that cannot start (a bad configuration) must end, with the reason, whatever LOG_LEVEL says.
    console.error(`ClubOps did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
