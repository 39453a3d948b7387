-- Files sent with a mail, by reference ([{fileId, fileName, contentType}]): delivery reads their bytes from storage.
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
