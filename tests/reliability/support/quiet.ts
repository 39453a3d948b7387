const mailDelivery = () => (globalThis as { __clubopsMailDelivery?: { running: boolean } }).__clubopsMailDelivery;

/**
 * Background mail delivery (started by a request that queued mail, lib/mail/dispatch.ts) writes to mail_outbox on its
 * own; wait for it (at most 5 s) before taking a state fingerprint that a check compares.
 */
export async function mailDeliveryQuiet(): Promise<void> {
  for (let i = 0; i < 200 && mailDelivery()?.running; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}
