import { z } from "zod";
import { defineTemplate } from "../template";
import { letterFields } from "./fields";
import { EmailLayout, Paragraph } from "./layout";

const usernameTakenPropsSchema = z.object({ ...letterFields });

/** Goes to an address nobody has proven yet: nothing the applicant typed (name, username) is repeated in it. */
export const usernameTakenTemplate = defineTemplate({
  messages: "usernameTaken",
  schema: usernameTakenPropsSchema,
  subject: ({ clubName }, { t }) => t("usernameTaken.subject", { clubName }),
  Component: ({ clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("usernameTaken.heading")}
      preview={text.t("usernameTaken.preview")}
    >
      <Paragraph>{text.t("usernameTaken.intro", { clubName })}</Paragraph>
      <Paragraph>{text.t("usernameTaken.closing")}</Paragraph>
    </EmailLayout>
  ),
  sample: () => ({ clubName: "Sunrise Tennis Club" }),
});
