import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields } from "./fields";
import { EmailLayout, Paragraph } from "./layout";

const usernameTakenPropsSchema = z.object({
  ...letterFields,
  name: displayName,
  username: displayName,
});

export const usernameTakenTemplate = defineTemplate({
  messages: "usernameTaken",
  schema: usernameTakenPropsSchema,
  subject: ({ clubName }, { t }) => t("usernameTaken.subject", { clubName }),
  Component: ({ name, username, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("usernameTaken.heading")}
      preview={text.t("usernameTaken.preview", { username })}
    >
      <Paragraph>{text.t("usernameTaken.intro", { name, username, clubName })}</Paragraph>
      <Paragraph>{text.t("usernameTaken.closing")}</Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({ name: t("samples.firstName"), username: "ana.garcia", clubName: "Sunrise Tennis Club" }),
});
