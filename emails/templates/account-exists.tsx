import { z } from "zod";
import { defineTemplate } from "../template";
import { displayName, letterFields, webUrl } from "./fields";
import { ActionButton, EmailLayout, InlineLink, Paragraph } from "./layout";

const accountExistsPropsSchema = z.object({
  ...letterFields,
  name: displayName,
  signInUrl: webUrl,
  forgotPasswordUrl: webUrl,
});

export const accountExistsTemplate = defineTemplate({
  messages: "accountExists",
  schema: accountExistsPropsSchema,
  subject: ({ clubName }, { t }) => t("accountExists.subject", { clubName }),
  Component: ({ name, signInUrl, forgotPasswordUrl, clubName, text }) => (
    <EmailLayout
      text={text}
      clubName={clubName}
      heading={text.t("accountExists.heading")}
      preview={text.t("accountExists.preview")}
    >
      <Paragraph>{text.t("accountExists.intro", { name, clubName })}</Paragraph>
      <ActionButton text={text} href={signInUrl} label={text.t("accountExists.action")} />
      <Paragraph>
        {text.t.rich("accountExists.closing", {
          link: (words) => <InlineLink href={forgotPasswordUrl}>{words}</InlineLink>,
        })}
      </Paragraph>
    </EmailLayout>
  ),
  sample: ({ t }) => ({
    name: t("samples.firstName"),
    signInUrl: "https://clubops.example/login",
    forgotPasswordUrl: "https://clubops.example/forgot-password",
    clubName: "Sunrise Tennis Club",
  }),
});
