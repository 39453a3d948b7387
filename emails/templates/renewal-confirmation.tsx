import { z } from "zod";
import { defineTemplate } from "../template";
import { amount, calendarDate, currencyCode, displayName } from "./fields";
import { formatDate, formatMoney } from "./format";
import { Details, EmailLayout, Paragraph } from "./layout";

const renewalConfirmationPropsSchema = z.object({
  memberName: displayName,
  planName: displayName,
  newEndsOn: calendarDate,
  price: amount,
  currency: currencyCode,
  clubName: displayName,
});
type RenewalConfirmationProps = z.output<typeof renewalConfirmationPropsSchema>;

const renewalConfirmationSubject = ({ planName }: RenewalConfirmationProps) =>
  `Your ${planName} membership has been renewed`;

function RenewalConfirmationEmail(props: RenewalConfirmationProps) {
  const { memberName, planName, newEndsOn, price, currency, clubName } = props;
  return (
    <EmailLayout
      clubName={clubName}
      heading="Your membership has been renewed"
      preview={`Your ${planName} membership now runs until ${formatDate(newEndsOn)}.`}
    >
      <Paragraph>
        Hi {memberName}, thank you for staying with {clubName}. Your membership continues without a break.
      </Paragraph>
      <Details
        rows={[
          ["Plan", planName],
          ["Amount", formatMoney(price, currency)],
          ["Valid until", formatDate(newEndsOn)],
        ]}
      />
      <Paragraph>Keep this email as confirmation of your renewal.</Paragraph>
    </EmailLayout>
  );
}

export const renewalConfirmationTemplate = defineTemplate({
  description: "Sent when the nightly job renews an auto-renewing subscription: the amount and the new end date.",
  schema: renewalConfirmationPropsSchema,
  subject: renewalConfirmationSubject,
  Component: RenewalConfirmationEmail,
  sample: {
    memberName: "Ana García",
    planName: "Gold Quarterly",
    newEndsOn: "2025-06-30",
    price: "129.90",
    currency: "EUR",
    clubName: "Sunrise Tennis Club",
  },
});
