import { buffer } from "node:stream/consumers";
import type { MailAttachmentReference } from "@/lib/platform/db/schema/mail";
import { businessError, fail, ok, type Result } from "@/lib/platform/result";
import type { MailAttachmentContent } from "@/lib/platform/smtp";
import type { Storage } from "@/lib/platform/storage";

/** Why a mail cannot be sent as asked: one of its files is gone (deleted, or its object lost). Retrying cannot help. */
const missingAttachment = (reference: MailAttachmentReference) =>
  businessError(
    "Mail.AttachmentMissing",
    "not_found",
    `its attachment ${reference.fileName} (${reference.bucket}/${reference.objectKey}) is no longer in the club's storage`,
  );

/**
 * The bytes of a mail's attachments, read from storage now. A storage outage throws (the mail is
 * retried as for an SMTP outage); a file that no longer exists is a failure value, so the mail fails for good with a
 * message naming it rather than going out without it.
 */
export async function loadAttachments(
  storage: Storage,
  references: readonly MailAttachmentReference[],
): Promise<Result<MailAttachmentContent[]>> {
  const loaded: MailAttachmentContent[] = [];
  for (const reference of references) {
    // The files module deletes an object with its row (lib/files/service.ts removeFile): no object, no file.
    const object = await storage.get(reference.bucket, reference.objectKey);
    if (!object) return fail(missingAttachment(reference));
    loaded.push({
      fileName: reference.fileName,
      contentType: reference.contentType,
      content: new Uint8Array(await buffer(object.body)),
    });
  }
  return ok(loaded);
}
