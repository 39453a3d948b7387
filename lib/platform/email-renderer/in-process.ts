import { sampleProps } from "@/emails/registry";
import { renderEmail } from "@/emails/render";
import type { EmailRenderer } from "./types";

/** Renders in this process with the same code the renderer process runs. */
export function createInProcessEmailRenderer(): EmailRenderer {
  return {
    kind: "in-process",
    render: (template, props) => renderEmail(template, props),
    async ping() {
      const rendered = await renderEmail("welcome", sampleProps.welcome);
      if (!rendered.ok) throw new Error(`The sample welcome email no longer renders: ${rendered.error.message}`);
    },
    async close() {},
  };
}
