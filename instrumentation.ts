/** Composes the server's start: the platform (lib/platform/boot) first, then what runs on it (the job scheduler). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ bootServer }, { startSchedulerUnlessInngest }] = await Promise.all([
    import("./lib/platform/boot"),
    import("./lib/jobs/scheduler"),
  ]);
  bootServer(startSchedulerUnlessInngest);
}
