import { readFile } from "node:fs/promises";
import { deflateSync } from "node:zlib";
import type { Browser, Locator, Page } from "@playwright/test";
import { clubFormat } from "../console/i18n/format";
import {
  adminPage,
  apiAs,
  consoleCredentialsOf,
  errorSummary,
  expect,
  notice,
  sessionTokenId,
  signIn,
  signInAsAdmin,
  snapshot,
  test,
  unique,
  uniqueEmail,
} from "./support";

/** Sizes as the console writes them in English. */
const formatBytes = clubFormat({ language: "en", timeZone: "Europe/Madrid", currency: "EUR" }).bytes;

// A member's photo and documents on the member page: one member's story, in order (the documents follow the photo).
test.describe.configure({ mode: "serial" });

// The worker's mark after her first name: initials are the first and last words' ("FF").
const fiona = { firstName: unique("Fiona"), lastName: "Files", email: uniqueEmail("fiona.files") };
const fionaName = `${fiona.firstName} ${fiona.lastName}`;
let memberId = "";

// ——— Test files, made here ———

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG of `size`×`size` whose pixels `paint` chooses. */
function png(size: number, paint: (x: number, y: number) => readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // each row starts with filter type 0
    for (let x = 0; x < size; x++) rows.set(paint(x, y), row + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A portrait: a face-coloured disc on a blue ground. */
const portrait = png(64, (x, y) => {
  const inside = (x - 32) ** 2 + (y - 30) ** 2 < 20 ** 2;
  return inside ? [240, 196, 160] : [31, 111, 235 - y];
});
/** A bigger portrait with film grain (noise does not compress), to watch its upload progress on a slow line. */
let grain = 7;
const noise = () => {
  grain = (grain * 1_103_515_245 + 12_345) % 2 ** 31;
  return grain % 48;
};
const grainyPortrait = png(160, (x, y) => {
  const inside = (x - 80) ** 2 + (y - 74) ** 2 < 50 ** 2;
  return inside ? [200 + noise(), 160 + noise(), 120 + noise()] : [20 + noise(), 90 + noise(), 190 + noise()];
});
/** A picture of the harbour at dusk, as a document (its thumbnail is drawn). */
const harbour = png(48, (x, y) => (y < 30 ? [255 - y * 4, 140 + x, 90] : [20, 60 + x, 120 + y]));
const textAsPng = Buffer.from("This is a text file with a .png name.\n");
const contract = Buffer.concat([
  Buffer.from("%PDF-1.4\n% Membership contract of Fiona Files\n"),
  Buffer.alloc(48 * 1024, "0123456789abcdef"),
  Buffer.from("\n%%EOF\n"),
]);
const notes = Buffer.from("Locker 12. Prefers morning sessions.\nMedical certificate until 2027.\n");

// ——— Helpers ———

/** Picks files through the file chooser a button opens, as a person does. */
async function choose(page: Page, button: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(files);
}

/** Holds the requests with this method to `url` until released (the upload's progress stays on screen). */
async function holdUploads(page: Page, method: string, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.continue();
    await held;
    // The page may have canceled it meanwhile.
    await route.continue().catch(() => undefined);
  });
  return release;
}

const PHOTO_URL = /\/api\/members\/[0-9a-f-]{36}\/photo(\?|$)/;
const UPLOAD_URL = /\/api\/files\?/;

const header = (page: Page) => page.locator(".page-header");
const photoOf = (page: Page) => header(page).getByRole("img", { name: `Photo of ${fionaName}` });
const documents = (page: Page) => page.getByRole("region", { name: "Documents", exact: true });
const documentRow = (page: Page, name: string) => documents(page).getByRole("row").filter({ hasText: name });

/** Whether an <img> has decoded pixels (a broken or revoked object URL has none). */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

async function openFiona(browser: Browser): Promise<Page> {
  const page = await adminPage(browser);
  await page.goto(`/members/${memberId}`);
  await expect(page.getByRole("heading", { level: 1, name: fionaName })).toBeVisible();
  return page;
}

// ——— Flows ———

test("member photo: chosen, previewed, uploaded with progress (and canceled), refused when not an image or too large", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  memberId = (await api("POST", "/api/members", fiona)).id;
  await page.goto(`/members/${memberId}`);
  await expect(header(page).getByRole("img", { name: "No photo" })).toHaveText("FF");
  await expect(documents(page).getByText("No documents yet")).toBeVisible();
  await snapshot(page, "member-files-none");

  // An upload held on its way: the preview and the bar show, and Cancel stops it.
  let release = await holdUploads(page, "PUT", PHOTO_URL);
  await choose(page, page.getByRole("button", { name: "Add photo" }), [
    { name: "fiona.png", mimeType: "image/png", buffer: portrait },
  ]);
  const upload = page.getByRole("region", { name: "Photo upload" });
  await expect(upload).toContainText("Uploading fiona.png…");
  await expect(upload.getByRole("progressbar", { name: "Photo upload progress" })).toBeVisible();
  await expect(upload.getByRole("img", { name: "Preview of fiona.png" })).toBeVisible();
  expect(await naturalWidth(upload.getByRole("img", { name: "Preview of fiona.png" }))).toBe(64);
  await expect(page.getByRole("button", { name: "Add photo" })).toBeDisabled();
  await upload.getByRole("button", { name: "Cancel upload" }).click();
  await expect(notice(page)).toContainText("Upload canceled: the photo was not changed.");
  await expect(header(page).getByRole("img", { name: "No photo" })).toBeVisible();
  release();
  await page.unroute(PHOTO_URL);
  expect((await api("GET", `/api/members/${memberId}`)).photoFileId).toBeNull();

  // Held again to see the bar before any byte has gone.
  release = await holdUploads(page, "PUT", PHOTO_URL);
  await choose(page, page.getByRole("button", { name: "Add photo" }), [
    { name: "fiona.png", mimeType: "image/png", buffer: portrait },
  ]);
  await expect(upload.getByRole("progressbar", { name: "Photo upload progress" })).toHaveAttribute("value", "0");
  await expect(upload).toContainText(`0 B of ${formatBytes(portrait.length)} · 0%`);
  await snapshot(page, "member-photo-upload-held");
  release();
  await expect(notice(page)).toContainText("The new photo is saved.");
  await expect(upload).toHaveCount(0);
  await expect(photoOf(page)).toBeVisible();
  expect(await naturalWidth(photoOf(page))).toBe(64);
  await page.unroute(PHOTO_URL);

  // On a slow line (Chromium's upload throttling), the bar moves with the bytes sent, then the new photo shows. About
  // six seconds for the photo's 23 kB: a busy machine's polls still see the bar on its way (at 24 kB/s one did not).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024,
  });
  await choose(page, page.getByRole("button", { name: "Change photo" }), [
    { name: "fiona-grain.png", mimeType: "image/png", buffer: grainyPortrait },
  ]);
  const bar = upload.getByRole("progressbar", { name: "Photo upload progress" });
  const bytesSent = async () => Number(await bar.getAttribute("value"));
  await expect.poll(async () => (await bytesSent()) / grainyPortrait.length).toBeGreaterThan(0.2);
  expect(await bytesSent()).toBeLessThan(grainyPortrait.length);
  await expect(upload).toContainText(new RegExp(`of ${formatBytes(grainyPortrait.length)} · [1-9]\\d?%`));
  await snapshot(page, "member-photo-uploading");
  // The notice of the upload before still shows: done is when the upload's region has gone and the new photo shows.
  await expect(upload).toHaveCount(0, { timeout: 20_000 });
  await expect(notice(page)).toContainText("The new photo is saved.");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  await expect.poll(() => naturalWidth(photoOf(page))).toBe(160);

  // Loaded from the API with the bearer token (an object URL), not from the file chosen.
  await page.reload();
  await expect(photoOf(page)).toBeVisible();
  await expect(photoOf(page)).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => naturalWidth(photoOf(page))).toBe(160);
  await expect(page.getByRole("button", { name: "Change photo" })).toBeVisible();
  await snapshot(page, "member-photo");
  const stored = await api("GET", `/api/members/${memberId}`);
  expect(stored.photoFileId).not.toBeNull();

  // A text file named .png: the API reads its bytes and refuses it; the photo stays.
  await choose(page, page.getByRole("button", { name: "Change photo" }), [
    { name: "not-a-photo.png", mimeType: "image/png", buffer: textAsPng },
  ]);
  const refusal = errorSummary(page);
  await expect(refusal).toContainText("That file is not a JPEG, PNG, GIF or WebP image.");
  await expect(refusal).toContainText("The photo was not changed (not-a-photo.png).");
  await expect(photoOf(page)).toBeVisible();
  await snapshot(page, "member-photo-not-an-image");

  // Over the limit of club-images (10 MiB): refused before anything is sent.
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && PHOTO_URL.test(request.url())) sent.push(request.url());
  });
  await choose(page, refusal.getByRole("button", { name: "Choose another photo" }), [
    { name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([portrait, Buffer.alloc(10 * 1024 * 1024)]) },
  ]);
  await expect(refusal).toContainText("The photo is larger than 10 MB.");
  expect(sent).toEqual([]);

  // The API's 413 names its limit in limitBytes (not only in the detail's prose), and the message follows it.
  await page.route(PHOTO_URL, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 413,
          contentType: "application/problem+json",
          json: {
            status: 413,
            title: "The file is too large.",
            detail: "Files in club-images are limited to 2 MiB (2097152 bytes).",
            code: "File.TooLarge",
            limitBytes: 2097152,
          },
        })
      : route.continue(),
  );
  await choose(page, page.getByRole("button", { name: "Change photo" }), [
    { name: "fiona.png", mimeType: "image/png", buffer: portrait },
  ]);
  await expect(refusal).toContainText("The photo is larger than 2 MB.");
  await snapshot(page, "member-photo-too-large");
  await page.unroute(PHOTO_URL);
  await refusal.getByRole("button", { name: "Dismiss" }).click();
  await expect(refusal).toHaveCount(0);
  expect((await api("GET", `/api/members/${memberId}`)).photoFileId).toBe(stored.photoFileId);
});

test("member documents: several uploaded one after another, listed with a thumbnail, downloaded byte for byte, one deleted", async ({
  browser,
}) => {
  const page = await openFiona(browser);
  await expect(documents(page).getByText("No documents yet")).toBeVisible();

  // Three files at once: the first held on its way, the others waiting their turn.
  const release = await holdUploads(page, "POST", UPLOAD_URL);
  await choose(page, documents(page).getByRole("button", { name: "Upload documents" }), [
    { name: "Contrato año 1.pdf", mimeType: "application/pdf", buffer: contract },
    { name: "notes.txt", mimeType: "text/plain", buffer: notes },
    { name: "harbour.png", mimeType: "image/png", buffer: harbour },
  ]);
  const queue = page.getByRole("region", { name: "Document uploads" });
  await expect(queue.getByRole("progressbar", { name: "Upload progress of Contrato año 1.pdf" })).toBeVisible();
  await expect(queue.getByRole("progressbar", { name: "Upload progress of notes.txt" })).toBeVisible();
  await expect(queue.locator(".upload-row[data-status=uploading]")).toHaveCount(1);
  await expect(queue.locator(".upload-row[data-status=waiting]")).toHaveCount(2);
  await expect(queue).toContainText("Waiting ·");
  await snapshot(page, "member-documents-uploading");
  release();

  await expect(queue.getByRole("status").filter({ hasText: "3 of 3 files uploaded." })).toBeVisible();
  for (const name of ["Contrato año 1.pdf", "notes.txt", "harbour.png"])
    await expect(documentRow(page, name)).toBeVisible();
  await expect(documentRow(page, "Contrato año 1.pdf")).toContainText("PDF");
  await expect(documentRow(page, "Contrato año 1.pdf")).toContainText(formatBytes(contract.length));
  await expect(documentRow(page, "Contrato año 1.pdf")).toContainText("by you");
  await expect(documentRow(page, "notes.txt")).toContainText("Text");
  const thumbnail = documentRow(page, "harbour.png").locator("img.file-thumb");
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => naturalWidth(thumbnail)).toBe(48);
  await snapshot(page, "member-documents");
  await queue.getByRole("button", { name: "Clear" }).click();
  await expect(queue).toHaveCount(0);

  // The download is the bytes uploaded, under the file's own name.
  const download = page.waitForEvent("download");
  await documentRow(page, "Contrato año 1.pdf").getByRole("button", { name: "Download Contrato año 1.pdf" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe("Contrato año 1.pdf");
  expect((await readFile(await saved.path())).equals(contract)).toBe(true);

  // Delete asks first; Cancel keeps the file.
  await documentRow(page, "notes.txt").getByRole("button", { name: "Delete notes.txt" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete notes.txt?" });
  await expect(confirm).toContainText("This cannot be undone.");
  await snapshot(page, "member-documents-delete");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(documentRow(page, "notes.txt")).toBeVisible();
  await documentRow(page, "notes.txt").getByRole("button", { name: "Delete notes.txt" }).click();
  await confirm.getByRole("button", { name: "Delete document" }).click();
  await expect(notice(page)).toContainText("notes.txt is deleted.");
  await expect(documentRow(page, "notes.txt")).toHaveCount(0);
  await expect(documents(page).getByRole("navigation", { name: "Pages of documents" })).toContainText("2 documents");
  await snapshot(page, "member-documents-deleted");
});

test("member documents: a file over the limit is refused before it is sent; the list's loading state", async ({
  browser,
}) => {
  const page = await openFiona(browser);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && UPLOAD_URL.test(request.url())) sent.push(request.url());
  });
  await choose(page, documents(page).getByRole("button", { name: "Upload documents" }), [
    { name: "scan.tiff", mimeType: "image/tiff", buffer: Buffer.alloc(25 * 1024 * 1024 + 1) },
  ]);
  const queue = page.getByRole("region", { name: "Document uploads" });
  await expect(queue.locator(".upload-row[data-status=failed]")).toContainText("The file is larger than 25 MB.");
  await expect(queue.getByRole("status")).toHaveText("0 of 1 file uploaded.");
  expect(sent).toEqual([]);
  await snapshot(page, "member-documents-too-large");

  // While the list loads: placeholder rows.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/files\?.*bucket=club-documents/, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await expect(documents(page).locator(".skeleton-row").first()).toBeAttached();
  await snapshot(page, "member-documents-loading");
  release();
  await expect(documentRow(page, "harbour.png")).toBeVisible();
});

test("a role that may only read sees the photo and the documents, without upload or delete", async ({ browser }) => {
  const admin = await adminPage(browser);
  const api = await apiAs(admin);
  const viewers = [
    {
      email: uniqueEmail("files.viewer"),
      role: unique("Member files viewer"),
      permissions: ["members:read", "files:read"],
    },
    { email: uniqueEmail("list.viewer"), role: unique("Member list viewer"), permissions: ["members:read"] },
  ];
  for (const viewer of viewers) await api("POST", "/api/roles", { name: viewer.role, permissions: viewer.permissions });
  const temporary = "Quayside-Lamps-2024";
  const own = "Low-Tide-At-Nine-4";
  for (const viewer of viewers) {
    await api("POST", "/api/users", {
      firstName: "Vera",
      lastName: "Viewer",
      email: viewer.email,
      username: viewer.email.split("@")[0],
      password: temporary,
      roles: [viewer.role],
    });
  }

  async function signInAs(email: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, email, temporary);
    await page.getByLabel("Temporary password").fill(temporary);
    await page.getByLabel("New password", { exact: true }).fill(own);
    await page.getByLabel("Confirm new password").fill(own);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await page.goto(`/members/${memberId}`);
    await expect(page.getByRole("heading", { level: 1, name: fionaName })).toBeVisible();
    return page;
  }

  // files:read: the photo and the documents, with Download only.
  const reader = await signInAs(viewers[0]?.email ?? "");
  await expect(photoOf(reader)).toBeVisible();
  await expect.poll(() => naturalWidth(photoOf(reader))).toBe(160);
  await expect(
    documentRow(reader, "Contrato año 1.pdf").getByRole("button", { name: "Download Contrato año 1.pdf" }),
  ).toBeVisible();
  await expect(documentRow(reader, "Contrato año 1.pdf")).toContainText("by another user");
  for (const action of [/^Change photo$/, /^Add photo$/, /^Upload documents$/, /^Delete/]) {
    await expect(reader.getByRole("button", { name: action })).toHaveCount(0);
  }
  await snapshot(reader, "member-files-readonly");
  await reader.context().close();

  // members:read alone: the API would refuse the files, so the page shows initials and no Documents section.
  const lister = await signInAs(viewers[1]?.email ?? "");
  await expect(header(lister).locator(".member-avatar-initials")).toHaveText("FF");
  await expect(header(lister).getByRole("img")).toHaveCount(0);
  await expect(documents(lister)).toHaveCount(0);
  await snapshot(lister, "member-files-no-file-permission");
  await lister.context().close();
});

test("an upload refused for an expired token renews the session and is sent again", async ({ browser }) => {
  // Its own sign-in: renewing rotates the refresh token, which the shared admin session must keep.
  const page = await (await browser.newContext()).newPage();
  await signInAsAdmin(page);
  await page.goto(`/members/${memberId}`);
  await expect(photoOf(page)).toBeVisible();
  // The page holds no token: its uploads are marked as the console's and the proxy attaches the session's token.
  const tokenIdBefore = await sessionTokenId(page);
  const uploads: ReturnType<typeof consoleCredentialsOf>[] = [];
  await page.route(PHOTO_URL, async (route) => {
    if (route.request().method() !== "PUT") return route.continue();
    uploads.push(consoleCredentialsOf(route.request().headers()));
    if (uploads.length > 1) return route.continue();
    await route.fulfill({
      status: 401,
      json: { code: "Auth.InvalidToken", message: "The access token is invalid or has expired." },
    });
  });
  const renewal = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/auth/session",
  );
  await choose(page, page.getByRole("button", { name: "Change photo" }), [
    { name: "fiona.png", mimeType: "image/png", buffer: portrait },
  ]);
  expect((await renewal).postDataJSON()).toMatchObject({ data: { rejectedAccessTokenId: tokenIdBefore } });
  await expect(notice(page)).toContainText("The new photo is saved.");
  expect(uploads).toEqual([{ console: "1" }, { console: "1" }]);
  expect(await sessionTokenId(page)).not.toBe(tokenIdBefore);
  await expect.poll(() => naturalWidth(photoOf(page))).toBe(64);
  await page.context().close();
});
