import type { RenderedEmail } from "@/emails/protocol";
import type { Result } from "../result";

export type { RenderedEmail } from "@/emails/protocol";

/** Turns a template name and its data into subject, HTML and text. Unknown templates and bad props are values. */
export interface EmailRenderer {
  readonly kind: "http" | "in-process";
  render(template: string, props: Record<string, unknown>): Promise<Result<RenderedEmail>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
