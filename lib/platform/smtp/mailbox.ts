import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CapturedMail } from "./types";

/** Captured mail kept as one JSON file per message, so it survives restarts and can be read by hand. */
export type Mailbox = {
  save(mail: CapturedMail): Promise<void>;
  /** Newest first. */
  list(): Promise<CapturedMail[]>;
};

export async function openMailbox(directory: string): Promise<Mailbox> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  return {
    async save(mail) {
      // The receive time leads the name so a name sort is a time sort.
      const name = `${mail.receivedAt.replace(/[:.]/g, "-")}-${randomUUID()}.json`;
      const partial = path.join(directory, `${name}.partial`);
      await writeFile(partial, JSON.stringify(mail, null, 2), { mode: 0o600 });
      // Renaming publishes the file whole, so list() never reads a half-written message.
      await rename(partial, path.join(directory, name));
    },
    async list() {
      const names = (await readdir(directory))
        .filter((name) => name.endsWith(".json"))
        .sort()
        .reverse();
      return Promise.all(
        names.map(async (name) => {
          const mail = JSON.parse(await readFile(path.join(directory, name), "utf8")) as CapturedMail;
          // Files written before the sink kept attachments have none.
          return { ...mail, attachments: mail.attachments ?? [] };
        }),
      );
    },
  };
}
