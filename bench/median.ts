/** Runs `run` `runs` times, one after another, and answers the median duration in seconds. */
export async function medianSeconds(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < runs; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return (times[Math.floor(runs / 2)] ?? 0) / 1000;
}
