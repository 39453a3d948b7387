/** Composes the server's start: the platform (lib/platform/boot) first, then what runs on it (the job scheduler). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    const [{ bootServer }, { startSchedulerUnlessInngest }] = await Promise.all([
      import("./lib/platform/boot"),
      import("./lib/jobs/scheduler"),
    ]);
    bootServer(startSchedulerUnlessInngest);
  } catch (error) {
    // Next.js logs what register() throws and goes on listening, answering 500 to every request (/health/live
    // included): a server that cannot start (a bad configuration) must end, with the reason, whatever LOG_LEVEL says.
    console.error(`ClubOps did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
