import type { EmailTemplate } from "./template";
import { accountExistsTemplate } from "./templates/account-exists";
import { correctionDecidedTemplate } from "./templates/correction-decided";
import { debitNoticeTemplate } from "./templates/debit-notice";
import { emailChangeConfirmationTemplate } from "./templates/email-change-confirmation";
import { emailChangeNoticeTemplate } from "./templates/email-change-notice";
import { emailVerificationTemplate } from "./templates/email-verification";
import { invoiceIssuedTemplate } from "./templates/invoice-issued";
import { passwordResetTemplate } from "./templates/password-reset";
import { paymentReceiptTemplate } from "./templates/payment-receipt";
import { paymentReminderTemplate } from "./templates/payment-reminder";
import { renewalConfirmationTemplate } from "./templates/renewal-confirmation";
import { renewalNoticeTemplate } from "./templates/renewal-notice";
import { renewalReminderTemplate } from "./templates/renewal-reminder";
import { staffInvitationTemplate } from "./templates/staff-invitation";
import { usernameTakenTemplate } from "./templates/username-taken";
import { welcomeTemplate } from "./templates/welcome";

/** Every template the renderer knows, by the name callers send. */
export const templates = {
  welcome: welcomeTemplate,
  "renewal-confirmation": renewalConfirmationTemplate,
  "renewal-reminder": renewalReminderTemplate,
  "payment-receipt": paymentReceiptTemplate,
  "renewal-notice": renewalNoticeTemplate,
  "password-reset": passwordResetTemplate,
  "email-verification": emailVerificationTemplate,
  "email-change-confirmation": emailChangeConfirmationTemplate,
  "email-change-notice": emailChangeNoticeTemplate,
  "account-exists": accountExistsTemplate,
  "username-taken": usernameTakenTemplate,
  "correction-decided": correctionDecidedTemplate,
  "staff-invitation": staffInvitationTemplate,
  "invoice-issued": invoiceIssuedTemplate,
  "payment-reminder": paymentReminderTemplate,
  "debit-notice": debitNoticeTemplate,
} as const satisfies Record<string, EmailTemplate>;

export type TemplateName = keyof typeof templates;

export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(templates, name);
}

/** Realistic props per template in English, for tests (previews ask each template for its sample in a language). */
export const sampleProps = Object.fromEntries(
  TEMPLATE_NAMES.map((name) => [name, templates[name].sample("en")]),
) as Record<TemplateName, Readonly<Record<string, unknown>>>;
