/**
 * The architecture's rules, checked by `npm run lint` (docs/architecture.md draws the layers):
 *
 *   app/ (routes, pages) and console/ → lib/http → lib/<module> (domain) → lib/platform (adapters) → drivers
 *   inngest/ → lib/jobs; emails/ is the renderer, embedded by lib/platform/email-renderer.
 *
 * Production code only: tests may reach across layers to set up what they exercise, so *.test.ts(x), tests/ and e2e/
 * are not cruised.
 *
 * Module (folder) cycles still there: each folder's known cycle edges are in KNOWN_FOLDER_CYCLE_EDGES below. A cycle
 * edge between any other pair of folders fails, so a new cycle fails while these wait for the next session:
 *   lib/auth ↔ lib/users      authenticate/login read users' access; user admin and email change use credentials
 *   lib/auth ↔ lib/roles      registration assigns the default role; roles check permissions
 *   lib/auth ↔ lib/setup      registration and recovery read platform settings; the super-admin setup signs in
 *   lib/auth ↔ lib/mail       registration and recovery enqueue mail; mail's secret props use the auth secret
 *   lib/setup ↔ lib/users     the super-admin setup uses the user schema; email change reads platform settings
 *   lib/users → lib/roles | lib/mail → lib/auth → lib/users (the longer ways round the pairs above)
 *   lib/members ↔ lib/subscriptions   enrollment and the lifecycle use members; the member list joins subscriptions
 *   lib/platform ↔ emails (and lib → emails → lib)   the embedded renderer imports emails/render; emails imports
 *                             Result, the logger and the configuration
 * The way out of most: auth through ports (it takes the user lookup and mail enqueuing it needs), emails with its own
 * Result and logger.
 * dependency-cruiser 18.7's known-violations baseline (--ignore-known) does not cover folder-scope rules (its
 * softening skips the folder level), hence the explicit list here.
 */

/** Folder → the folders it reaches on a known cycle (the list above); keep it shrinking. */
const KNOWN_FOLDER_CYCLE_EDGES = {
  "lib/auth": ["lib/mail", "lib/roles", "lib/setup", "lib/users"],
  "lib/mail": ["lib/auth"],
  "lib/roles": ["lib/auth"],
  "lib/setup": ["lib/auth", "lib/users"],
  "lib/users": ["lib/auth", "lib/mail", "lib/roles", "lib/setup"],
  "lib/members": ["lib/subscriptions"],
  "lib/subscriptions": ["lib/members"],
  "lib/platform": ["emails", "lib"],
  emails: ["lib", "lib/platform"],
  lib: ["emails"],
};
const exactly = (folders) => `^(${folders.join("|")})$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-not-to-app",
      comment: "lib/ is what app/ calls; it never imports a route, page or the console.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|console)/" },
    },
    {
      name: "platform-not-to-domain",
      comment: "Adapters know no domain module: what runs on the platform is injected (bootServer, route()).",
      severity: "error",
      from: { path: "^lib/platform/" },
      to: { path: "^(lib|app|console|inngest)/", pathNot: ["^lib/platform/", "^lib/config\\.ts$"] },
    },
    {
      name: "no-file-cycles",
      severity: "error",
      from: { path: "^(lib|app|console|inngest|emails)/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment: "Folders depend one way. Folders on a known cycle are checked by the rules below.",
      severity: "error",
      scope: "folder",
      from: { path: "^(lib|console|inngest|emails)(/|$)", pathNot: exactly(Object.keys(KNOWN_FOLDER_CYCLE_EDGES)) },
      to: { circular: true },
    },
    ...Object.entries(KNOWN_FOLDER_CYCLE_EDGES).map(([folder, known]) => ({
      name: "no-new-module-cycles",
      comment: `${folder} is on known cycles (header of this file) through ${known.join(", ")} only; no new ones.`,
      severity: "error",
      scope: "folder",
      from: { path: exactly([folder]) },
      to: { circular: true, pathNot: exactly(known) },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    exclude: { path: "(^(node_modules|\\.next|tests|e2e)/|\\.test\\.tsx?$)" },
  },
};
