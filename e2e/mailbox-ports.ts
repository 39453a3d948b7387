/** Where the runs' mailbox (scripts/e2e-mailbox.ts) listens, from the app's port: SMTP for the app, HTTP for specs. */
export const mailboxPorts = (appPort: number) => ({ smtpPort: appPort + 10_000, httpPort: appPort + 20_000 });
