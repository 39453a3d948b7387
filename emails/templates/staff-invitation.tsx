import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields, webUrl } from "./fields";
import { ActionButton, EmailLayout, Paragraph } from "./layout";

const staffInvitationPropsSchema = z.object({
  ...letterFields,
  name: displayName,
  /** Who added the person, so the email reads as coming from someone they know. */
  invitedBy: displayName,
  acceptUrl: webUrl,
  expiresInDays: z.number().int().positive(),
});

export const staffInvitationTemplate = defineTemplate({
  messages: "staffInvitation",
  schema: staffInvitationPropsSchema,
  subject: ({ clubName }, { t }) => t("staffInvitation.subject", { clubName }),
  Component: ({ name, clubName, invitedBy, acceptUrl, expiresInDays, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("staffInvitation.heading", { clubName })}
      preview={text.t("staffInvitation.preview")}
    >
      <Paragraph>{text.t("staffInvitation.intro", { name, invitedBy, clubName })}</Paragraph>
      <ActionButton text={text} href={acceptUrl} label={text.t("staffInvitation.action")} />
      <Paragraph>
        {text.t("staffInvitation.closing", { expiresIn: text.t("units.days", { count: expiresInDays }), invitedBy })}
      </Paragraph>
    </EmailLayout>
  ),
  secretUrls: ["acceptUrl"],
  sample: ({ t }) => ({
    name: t("samples.staffName"),
    invitedBy: t("samples.managerName"),
    acceptUrl: "https://clubops.example/accept-invitation?token=sample-token",
    expiresInDays: 7,
    clubName: "Sunrise Tennis Club",
  }),
});
