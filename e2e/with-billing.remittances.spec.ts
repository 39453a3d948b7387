import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { nextTarget2BusinessDay } from "../lib/billing/sepa/target2";
import { localDate } from "../lib/platform/calendar";
import {
  adminPage,
  adminPageIn,
  apiAs,
  errorSummary,
  expect,
  expectAccessible,
  expectFitsScreen,
  notice,
  onOwnServer,
  runJob,
  snapshot,
  test,
  VIEWPORTS,
} from "./support";

// Direct debit remittances in the console: the builder, the bank file, sending, returns by hand and by file.
// On an installation of its own, like every spec that starts billing (it cannot be stopped).
onOwnServer({ serial: true });

type Api = Awaited<ReturnType<typeof apiAs>>;
type Debtor = { firstName: string; lastName: string; email: string; memberId: string; invoice: string; id: string };

const DEBTORS = [
  { firstName: "Rosa", lastName: "Remesa", email: "rosa.remesa@riverside.example" },
  { firstName: "Tomás", lastName: "Domiciliado", email: "tomas.domiciliado@riverside.example" },
  { firstName: "Berta", lastName: "Banco", email: "berta.banco@riverside.example" },
] as const;
const PRICE = "49.90";
const debtors: Debtor[] = [];
let timeZone = "Europe/Madrid";
let remittancePath = "";

const nameOf = (debtor: { firstName: string; lastName: string }) => `${debtor.firstName} ${debtor.lastName}`;
/** A calendar date `days` after today in the club's time zone, moved to a day banks collect on (TARGET2 open). */
const weekdayIn = (days: number) =>
  nextTarget2BusinessDay(localDate(new Date(Date.now() + days * 86_400_000), timeZone));
const statusOf = async (api: Api, invoiceId: string) => (await api("GET", `/api/invoices/${invoiceId}`)).status;

/** What a bank answers when it rejects one collection before the date: a payment status report (pain.002). */
const pain002 = (messageId: string, invoiceNumber: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>RECH-E2E-1</MsgId><CreDtTm>2026-12-03T08:12:44</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>${messageId}-FRST</OrgnlPmtInfId>
      <TxInfAndSts>
        <OrgnlEndToEndId>${invoiceNumber}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${PRICE}</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;

async function checkPage(page: Page, name: string) {
  await expectFitsScreen(page);
  await expectAccessible(page);
  await snapshot(page, name);
}

test("arrange: the club bills and collects by direct debit; three members on a paid plan with mandates", async ({
  browser,
}) => {
  const page = await adminPage(browser);
  const api = await apiAs(page);
  const settings = await api("GET", "/api/settings");
  timeZone = settings.timeZone;
  await api("PUT", "/api/settings", {
    clubName: settings.clubName,
    description: settings.description,
    language: settings.language,
    timeZone: settings.timeZone,
    currency: settings.currency,
    taxData: {
      legalName: "Riverside Rowing Club",
      taxId: "G28029643",
      address: { line: "Paseo del Río 1", postalCode: "28005", city: "Madrid", province: "Madrid" },
    },
    creditorIdentifier: "ES97000B12345678",
    collectionIban: "ES79 2100 0813 6101 2345 6789",
    // Members told a day ahead of a collection (the shortest period a mandate may agree): this spec is about the
    // remittance pages; the 14-day notice is in app/api/remittances/pre-notification.int.test.ts and the journey.
    directDebit: { collectionDay: null, representAfterDays: 0, preNotificationDays: 1 },
  });
  const plan = await api("POST", "/api/plans", { name: "Remo domiciliado", code: "REMO-SEPA", monthlyPrice: PRICE });
  for (const person of DEBTORS) {
    const { member } = await api("POST", "/api/members/enroll", {
      member: person,
      subscription: { planId: plan.id, billingPeriod: "monthly" },
    });
    await api("POST", `/api/members/${member.id}/mandates`, {
      iban: "ES91 2100 0418 4502 0005 1332",
      signedOn: localDate(new Date(), timeZone),
    });
    const { items } = await api("GET", `/api/members/${member.id}/invoices`);
    expect(items).toHaveLength(1);
    debtors.push({ ...person, memberId: member.id, invoice: items[0].number, id: items[0].id });
  }
  // The club's morning job: each member is told of their debit, so a remittance may collect it.
  await runJob(page, "notify-debits");
  await page.context().close();
});

test("build a remittance of two chosen invoices, download its file, send it and import returns (English, desktop)", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const [rosa, tomas, berta] = debtors as [Debtor, Debtor, Debtor];

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Remittances" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Remittances" })).toBeVisible();
  await checkPage(page, "remittances-flow-list-en-desktop");

  await page.getByRole("link", { name: "New remittance" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New remittance" })).toBeVisible();
  await expect(page.getByText("at least one business day before that date")).toBeVisible();
  const collectionDate = weekdayIn(5);
  await page.getByLabel("Collection date").fill(collectionDate);
  for (const debtor of debtors) await expect(page.getByRole("row").filter({ hasText: debtor.invoice })).toBeVisible();
  // Every invoice is chosen at first; choose none, then Rosa's and Tomás's.
  await page.getByRole("button", { name: "Choose none" }).click();
  await expect(page.getByText("No invoices chosen")).toBeVisible();
  await page.getByRole("button", { name: "Build remittance" }).click();
  await expect(errorSummary(page)).toContainText("Choose at least one invoice.");
  for (const debtor of [rosa, tomas]) {
    await page.getByRole("checkbox", { name: `Include ${debtor.invoice}, ${nameOf(debtor)}` }).check();
  }
  await expect(page.getByText("2 invoices chosen, €99.80")).toBeVisible();
  await checkPage(page, "remittances-flow-builder-en-desktop");
  await page.getByRole("button", { name: "Build remittance" }).click();

  await expect(page).toHaveURL(/\/billing\/remittances\/[0-9a-f-]{36}$/);
  remittancePath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: /^Remittance for / })).toBeVisible();
  await expect(page.getByText("2 invoices, €99.80")).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: rosa.invoice })).toContainText("Included");
  await expect(rows.filter({ hasText: tomas.invoice })).toContainText(nameOf(tomas));
  await expect(rows.filter({ hasText: berta.invoice })).toHaveCount(0);
  await checkPage(page, "remittances-flow-draft-en-desktop");

  // The bank file, under the API's name, with both debits.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download bank file (XML)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^remesa-\d{4}-\d{2}-\d{2}-.+\.xml$/);
  const xml = await readFile((await download.path()) ?? "", "utf8");
  expect(xml).toContain("pain.008.001.02");
  expect(xml).toContain("<NbOfTxs>2</NbOfTxs>");
  expect(xml).toContain("<CtrlSum>99.80</CtrlSum>");
  expect(xml).toContain(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
  for (const debtor of [rosa, tomas]) expect(xml).toContain(`<EndToEndId>${debtor.invoice}</EndToEndId>`);
  expect(xml).not.toContain(berta.invoice);
  expect(xml.match(/<InstdAmt Ccy="EUR">49.90<\/InstdAmt>/g)).toHaveLength(2);

  // Mark it sent: the dialog says what it does first.
  await page.getByRole("button", { name: "Mark as sent" }).click();
  const send = page.getByRole("dialog", { name: "Mark the remittance as sent?" });
  await expect(send).toContainText("Its 2 invoices become “pending collection”");
  await expectAccessible(page);
  await snapshot(page, "remittances-flow-send-en-desktop");
  await send.getByRole("button", { name: "Mark as sent" }).click();
  await expect(notice(page)).toContainText("2 invoices are pending collection");
  expect(await statusOf(api, rosa.id)).toBe("pending_collection");
  expect(await statusOf(api, tomas.id)).toBe("pending_collection");
  expect(await statusOf(api, berta.id)).toBe("open");

  // Rosa's bank returned her debit: recorded by hand with the bank's reason.
  await page.getByRole("button", { name: `Record ${rosa.invoice} as returned` }).click();
  const manual = page.getByRole("dialog", { name: "Record a returned debit" });
  await expect(manual.getByLabel("Invoice")).toHaveValue(rosa.invoice);
  await manual.getByLabel("Bank's reason").selectOption({ label: "MS02 · Refused by the member" });
  await expectAccessible(page);
  await manual.getByRole("button", { name: "Record return" }).click();
  const report = page.getByRole("status").filter({ hasText: "1 invoice returned" });
  await expect(report).toContainText(`${rosa.invoice}: MS02 · Refused by the member`);
  await expect(rows.filter({ hasText: rosa.invoice })).toContainText("Returned");
  await expect(rows.filter({ hasText: rosa.invoice })).toContainText("MS02 · Refused by the member");
  expect(await statusOf(api, rosa.id)).toBe("returned");

  // Tomás's collection is rejected in the bank's pain.002, uploaded as a file.
  const { messageId } = await api("GET", `/api${remittancePath.replace("/billing", "")}`);
  await page.getByRole("button", { name: "Import return file" }).click();
  const upload = page.getByRole("dialog", { name: "Import the bank's return file" });
  await upload.getByRole("button", { name: "Import file" }).click();
  await expect(errorSummary(upload)).toContainText("Choose the bank's file first.");
  await upload.getByLabel("Return file (XML)").setInputFiles({
    name: "devoluciones.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(pain002(messageId, tomas.invoice)),
  });
  await upload.getByRole("button", { name: "Import file" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 invoice returned" })).toContainText(
    `${tomas.invoice}: AC04 · Account closed`,
  );
  await expect(rows.filter({ hasText: tomas.invoice })).toContainText("Returned");
  expect(await statusOf(api, tomas.id)).toBe("returned");
  await checkPage(page, "remittances-flow-returned-en-desktop");

  // Recording it as collected before the collection date is refused, in words.
  await page.getByRole("button", { name: "Record as collected" }).click();
  const settle = page.getByRole("dialog", { name: "Record the remittance as collected?" });
  await settle.getByRole("button", { name: "Record as collected" }).click();
  await expect(errorSummary(settle)).toContainText("The collection date has not come yet.");
  await settle.getByRole("button", { name: "Cancel" }).click();

  // The returned invoices can be collected again once their members are told again: the builder offers them with Berta's.
  await runJob(page, "notify-debits");
  await page.goto("/billing/remittances/new");
  await page.getByLabel("Collection date").fill(collectionDate);
  for (const debtor of debtors) await expect(page.getByRole("row").filter({ hasText: debtor.invoice })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: rosa.invoice })).toContainText("returned before");
});

/** What the pages say, in each language. */
const WORDS = {
  es: {
    list: "Remesas",
    sent: "Enviada al banco",
    remittance: /^Remesa del /,
    twoInvoices: /2 facturas, 99,80\s€/,
    byHand: "MS02 · Rechazado por el socio",
    byFile: "AC04 · Cuenta cancelada",
    builder: "Nueva remesa",
    dMinusOne: "al menos un día hábil antes de esa fecha",
    chooseNone: "No elegir ninguna",
    include: (debtor: Debtor) => `Incluir ${debtor.invoice}, ${nameOf(debtor)}`,
    oneChosen: /1 factura elegida, 49,90\s€/,
    build: "Preparar remesa",
    oneInvoice: /1 factura, 49,90\s€/,
    delete: "Eliminar borrador",
    deleteTitle: "¿Eliminar este borrador?",
    deleteSays: "Su factura queda libre para otra remesa",
  },
  en: {
    list: "Remittances",
    sent: "Sent to the bank",
    remittance: /^Remittance for /,
    twoInvoices: "2 invoices, €99.80",
    byHand: "MS02 · Refused by the member",
    byFile: "AC04 · Account closed",
    builder: "New remittance",
    dMinusOne: "at least one business day before that date",
    chooseNone: "Choose none",
    include: (debtor: Debtor) => `Include ${debtor.invoice}, ${nameOf(debtor)}`,
    oneChosen: "1 invoice chosen, €49.90",
    build: "Build remittance",
    oneInvoice: "1 invoice, €49.90",
    delete: "Delete draft",
    deleteTitle: "Delete this draft?",
    deleteSays: "Its invoice is free again for another remittance",
  },
} as const;

for (const language of ["es", "en"] as const) {
  const words = WORDS[language];
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`the remittance pages in ${language} on a ${size}`, async ({ browser }) => {
      const page = await adminPageIn(browser, language, viewport);
      await page.goto("/billing/remittances");
      await expect(page.getByRole("heading", { level: 1, name: words.list })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: words.sent }).first()).toBeVisible();
      await checkPage(page, `remittances-list-${language}-${size}`);

      await page.goto(remittancePath);
      await expect(page.getByRole("heading", { level: 1, name: words.remittance })).toBeVisible();
      await expect(page.getByText(words.twoInvoices)).toBeVisible();
      await expect(page.getByText(words.byHand)).toBeVisible();
      await expect(page.getByText(words.byFile)).toBeVisible();
      await checkPage(page, `remittance-sent-${language}-${size}`);

      // A draft for Berta alone, built and deleted.
      const berta = debtors[2] as Debtor;
      await page.goto("/billing/remittances/new");
      await expect(page.getByRole("heading", { level: 1, name: words.builder })).toBeVisible();
      await expect(page.getByText(words.dMinusOne)).toBeVisible();
      await page.getByRole("button", { name: words.chooseNone }).click();
      await page.getByRole("checkbox", { name: words.include(berta) }).check();
      await expect(page.getByText(words.oneChosen)).toBeVisible();
      await checkPage(page, `remittance-builder-${language}-${size}`);
      await page.getByRole("button", { name: words.build }).click();
      await expect(page.getByRole("heading", { level: 1, name: words.remittance })).toBeVisible();
      await expect(page.getByText(words.oneInvoice)).toBeVisible();
      await checkPage(page, `remittance-draft-${language}-${size}`);
      await page.getByRole("button", { name: words.delete }).click();
      const remove = page.getByRole("dialog", { name: words.deleteTitle });
      await expect(remove).toContainText(words.deleteSays);
      await remove.getByRole("button", { name: words.delete }).click();
      await expect(page).toHaveURL(/\/billing\/remittances$/);
    });
  }
}
