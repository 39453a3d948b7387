import { businessError } from "@/lib/platform/result";

export const MailErrors = {
  notFound: businessError("Mail.NotFound", "not_found", "No mail has that id."),
  notFailed: businessError(
    "Mail.NotFailed",
    "conflict",
    "Only a failed mail can be retried; this one is pending or already sent.",
  ),
  templateNotFound: businessError("Mail.TemplateNotFound", "not_found", "No email template has that name."),
} as const;
