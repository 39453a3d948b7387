"use client";

import { useTranslations } from "next-intl";
import { fileKindOf, megabytesOf, type UploadRefusal, uploadRefusalReason } from "@/console/file-format";
import { useClubFormat } from "@/console/i18n/club-format";
import { useFailureText } from "@/console/ui/forms";

/** What was sent, for the refusal's sentence: the member's photo or a document. */
type Subject = "photo" | "file";

/** Files in the reader's language: a type's name, a size limit, why an upload was refused. */
export function useFileWords() {
  const t = useTranslations("members.files");
  const format = useClubFormat();
  const failureText = useFailureText();
  const limit = (bytes: number) => {
    const megabytes = megabytesOf(bytes);
    return megabytes === null ? format.bytes(bytes) : `${format.count(megabytes)} MB`;
  };
  return {
    /** "PDF", "PNG image" / "Imagen PNG"; the MIME type itself when it is none of the usual ones. */
    kind: (contentType: string) => {
      const kind = fileKindOf(contentType);
      return kind ? t(`kinds.${kind}`) : contentType;
    },
    refusal: (refusal: UploadRefusal, subject: Subject, knownLimit?: number) => {
      const why = uploadRefusalReason(refusal, knownLimit);
      switch (why.reason) {
        case "tooLarge":
          return why.limitBytes === null
            ? t("tooLargeForServer", { subject })
            : t("tooLarge", { subject, limit: limit(why.limitBytes) });
        case "notAnImage":
          return t("notAnImage");
        case "sessionExpired":
          return t("sessionExpired");
        case "other":
          return failureText(why.refusal);
      }
    },
  };
}
