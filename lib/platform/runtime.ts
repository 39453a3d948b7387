/** The oldest Node.js major ClubOps runs on: 24 is the LTS line; 20 reached end of life in April 2026. */
const MINIMUM_NODE_MAJOR = 24;

/** Why this Node.js cannot run ClubOps, or null when it can. */
export function unsupportedNodeReason(version: string = process.versions.node): string | null {
  const major = Number(version.split(".")[0]);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `ClubOps needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
    "Start it through npm (npm start, npm run quickstart), which runs the Node.js the project pins in node_modules/.bin, " +
    `or install Node.js ${MINIMUM_NODE_MAJOR} LTS.`
  );
}
