import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  adminPageIn,
  apiAs,
  errorSummary,
  expect,
  expectAccessible,
  expectFitsScreen,
  navigation,
  notice,
  onOwnServer,
  snapshot,
  test,
  VIEWPORTS,
} from "./support";

// Invoices in the console: the list and its filters, the invoice page with its PDF and payments, and a member's
// billing (balance, invoices, SEPA mandates), in English on a laptop and in Spanish on a phone.
//
// On an installation of its own: it starts with a club that does not bill yet, and once the club's tax data is set billing
// has started for good (settings keep the tax data when a PUT leaves it out), which would change what every enrolment
// on the shared server does.
onOwnServer({ serial: true });

const TAX_DATA = {
  legalName: "Riverside Rowing Club S.L.",
  taxId: "G28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante" },
};
const payer = { firstName: "Iñigo", lastName: "Facturas Remo", email: "inigo.invoices@riverside.example" };
const payerName = `${payer.firstName} ${payer.lastName}`;
const debtor = { firstName: "Ona", lastName: "Domiciliada", email: "ona.mandates@riverside.example", language: "es" };
const debtorName = `${debtor.firstName} ${debtor.lastName}`;
const corrected = { firstName: "Pol", lastName: "Rectificado", email: "pol.rectified@riverside.example" };
const credited = { firstName: "Lia", lastName: "Abonada", email: "lia.credited@riverside.example" };
const forgiven = { firstName: "Bru", lastName: "Incobrable", email: "bru.written-off@riverside.example" };
const discounted = {
  firstName: "Nerea",
  lastName: "Descuento",
  email: "nerea.discounted@riverside.example",
  language: "es",
};
type Person = { firstName: string; lastName: string; email: string; language?: string };

type Invoice = { id: string; number: string; issuedOn: string; totalAmount: string; status: string };
type Api = Awaited<ReturnType<typeof apiAs>>;

let plan: { id: string };
const enrolled: Record<string, { memberId: string; invoice: Invoice }> = {};

/**
 * Sets the club's tax data (billing starts) unless an earlier test did, keeping the other settings as they are. Before
 * that, the invoices list says billing has not started, and how invoices will come.
 */
async function startBilling(page: Page, api: Api) {
  const settings = await api("GET", "/api/settings");
  if (settings.taxData.billingStarted) return;
  await page.goto("/billing/invoices");
  await expect(page.getByRole("heading", { name: "Billing has not started" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fill in the tax data" })).toHaveAttribute("href", "/settings#billing");
  await expect(page.getByText("No invoices yet")).toBeVisible();
  await expect(page.getByText("once billing has started")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "invoices-not-started-en-desktop");
  const { clubName, description, language, timeZone, currency } = settings;
  const saved = await api("PUT", "/api/settings", {
    clubName,
    description,
    language,
    timeZone,
    currency,
    taxData: TAX_DATA,
  });
  expect(saved.taxData.billingStarted).toBe(true);
}

async function enrol(api: Api, member: Person) {
  const reply = await api("POST", "/api/members/enroll", {
    member,
    subscription: { planId: plan.id, billingPeriod: "monthly" },
  });
  const memberId: string = reply.member.id;
  const { items } = await api("GET", `/api/invoices?memberId=${memberId}`);
  expect(items).toHaveLength(1);
  return { memberId, invoice: items[0] as Invoice };
}

/** Credits part of the invoice open on the page through the Rectify dialog, in English. */
async function creditInPart(page: Page, number: string, amount: string, reason: string) {
  await page.getByRole("button", { name: "Rectify" }).click();
  const dialog = page.getByRole("dialog", { name: `Rectify ${number}` });
  await dialog.getByLabel("Part of it").check();
  await dialog.getByLabel("Amount to credit, VAT included").fill(amount);
  await dialog.getByLabel("Reason, printed on the rectifying invoice").fill(reason);
  await dialog.getByRole("button", { name: "Issue rectifying invoice" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page)).toContainText(/Rectifying invoice R\d{4}-\d{6} issued\./);
}

const invoiceRow = (page: Page, number: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: number, exact: true }) });

test("billing starts with the club's tax data; enrolling on a paid plan issues an invoice", async ({ browser }) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  await startBilling(page, api);
  plan = await api("POST", "/api/plans", { name: "Rowing with invoices", code: "ROW-INV", monthlyPrice: "49.90" });
  enrolled.payer = await enrol(api, payer);
  enrolled.debtor = await enrol(api, debtor);
  enrolled.corrected = await enrol(api, corrected);
  expect(enrolled.payer.invoice).toMatchObject({ totalAmount: "49.90", status: "open" });
});

test("the invoices list: columns, filters, search and the way to the invoice", async ({ browser }) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const { invoice } = enrolled.payer!;
  await navigation(page).getByRole("link", { name: "Invoices", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
  const row = invoiceRow(page, invoice.number);
  await expect(row).toContainText(payerName);
  await expect(row).toContainText("€49.90");
  await expect(row).toContainText("Open");
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoices-list-en-desktop");

  // The search finds the member's name; the status, series and dates narrow the list.
  await page.getByLabel("Search").fill("facturas remo");
  await expect(row).toBeVisible();
  await expect(invoiceRow(page, enrolled.debtor!.invoice.number)).toHaveCount(0);
  await page.getByLabel("Status").selectOption("paid");
  await expect(page.getByText("No invoice matches these filters")).toBeVisible();
  await page.getByLabel("Status").selectOption("open");
  await expect(row).toBeVisible();
  await page.getByLabel("Type").selectOption("rectifying");
  await expect(page.getByText("No invoice matches these filters")).toBeVisible();
  await page.getByLabel("Type").selectOption("invoice");
  await page.getByLabel("Issued from").fill(invoice.issuedOn);
  await page.getByLabel("Issued until").fill(invoice.issuedOn);
  await expect(row).toBeVisible();
  await page.getByLabel("Issued from").fill("2000-01-01");
  await page.getByLabel("Issued until").fill("2000-12-31");
  await expect(page.getByText("No invoice matches these filters")).toBeVisible();
  await snapshot(page, "invoices-list-no-match-en-desktop");
  await page.getByLabel("Issued from").fill("");
  await page.getByLabel("Issued until").fill("");

  await row.getByRole("link", { name: invoice.number }).click();
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
});

test("the invoice page: lines and totals, the PDF, a part payment then the rest, audited", async ({ browser }) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const { invoice } = enrolled.payer!;
  await page.goto(`/billing/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
  const lines = page.getByRole("region", { name: "Lines" }).first();
  await expect(lines).toContainText("Rowing with invoices");
  await expect(lines).toContainText("21%");
  const totals = page.getByRole("region", { name: "Totals" }).first();
  await expect(totals).toContainText("€41.24");
  await expect(totals).toContainText("€8.66");
  await expect(totals).toContainText("€49.90");
  await expect(page.getByRole("region", { name: "Issuer and customer" }).first()).toContainText(TAX_DATA.legalName);
  await expect(page.getByText("No payment or refund recorded yet.")).toBeVisible();
  // Its VERI*FACTU record: a simplified invoice (no NIF on the member), kept until the club's certificate is set.
  const taxAgency = page.getByRole("region", { name: "Tax agency (VERI*FACTU)" });
  await expect(taxAgency).toContainText("Simplified invoice");
  await expect(taxAgency).toContainText("Waiting to be sent");
  await expect(taxAgency.getByRole("link", { name: "Check this invoice at the tax agency" })).toHaveAttribute(
    "href",
    new RegExp(
      `^https://www2\\.agenciatributaria\\.gob\\.es/wlpl/TIKE-CONT/ValidarQR\\?nif=.+&numserie=${invoice.number}&`,
    ),
  );
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-en-desktop");

  // The PDF downloads under the invoice's number.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${invoice.number}.pdf`);
  expect((await readFile(await saved.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // A part payment: the amount starts at what is owed.
  await page.getByRole("button", { name: "Record a payment" }).click();
  let dialog = page.getByRole("dialog", { name: `Record a payment on ${invoice.number}` });
  await expect(dialog.getByLabel("Amount")).toHaveValue("49.90");
  await expectAccessible(page);
  await snapshot(page, "invoice-payment-dialog-en-desktop");
  await dialog.getByLabel("Amount").fill("60");
  await dialog.getByLabel("Method").selectOption("cash");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(errorSummary(dialog)).toContainText("That is more than the amount still due on the invoice.");
  await dialog.getByLabel("Amount").fill("20");
  await dialog.getByLabel("Receipt, reference or note").fill("Receipt 12");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(notice(page)).toContainText(`Payment of €20.00 recorded on ${invoice.number}.`);
  await expect(page.getByText("Partly paid").first()).toBeVisible();
  await expect(page.getByTestId("amount-due")).toHaveText("€29.90");
  await expect(page.getByRole("region", { name: "Payments and refunds" }).first()).toContainText("Receipt 12");

  // The rest, by card: paid, and no more payments offered.
  await page.getByRole("button", { name: "Record a payment" }).click();
  dialog = page.getByRole("dialog", { name: `Record a payment on ${invoice.number}` });
  await expect(dialog.getByLabel("Amount")).toHaveValue("29.90");
  await dialog.getByLabel("Method").selectOption("card");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(notice(page)).toContainText("Payment of €29.90 recorded");
  await expect(page.locator(".page-lead")).toContainText("Paid");
  await expect(page.getByTestId("amount-due")).toHaveText("€0.00");
  await expect(page.getByRole("button", { name: "Record a payment" })).toHaveCount(0);
  await snapshot(page, "invoice-paid-en-desktop");

  // Audit entries reach ClickHouse with the forward-audit-log job, once a minute.
  test.setTimeout(150_000);
  await expect(async () => {
    const { items } = await api("GET", `/api/audit-logs?action=billing.payment_recorded&entityId=${invoice.id}`);
    expect(items.map((entry: { data: { amount: string } }) => entry.data.amount).sort()).toEqual(["20.00", "29.90"]);
  }).toPass({ timeout: 90_000 });
  const { items } = await api("GET", `/api/invoices?search=${invoice.number}&status=paid`);
  expect(items).toHaveLength(1);
});

test("the member page: balance, latest invoices, a mandate added (a bad IBAN refused first), its account changed, revoked", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const { memberId, invoice } = enrolled.debtor!;
  await page.goto(`/members/${memberId}`);
  await expect(page.getByRole("heading", { level: 1, name: debtorName })).toBeVisible();
  const balance = page.getByRole("definition").filter({ hasText: "€49.90" });
  await expect(balance.first()).toBeVisible();
  const invoices = page.getByRole("region", { name: "Latest invoices" }).first();
  await expect(invoices.getByRole("link", { name: invoice.number })).toBeVisible();
  const mandates = page.getByRole("region", { name: "Direct debit mandates" }).first();
  await expect(mandates).toContainText("No mandate.");
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "member-billing-en-desktop");

  await mandates.getByRole("button", { name: "Add mandate" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a direct debit mandate" });
  await dialog.getByLabel("IBAN").fill("ES91 2100 0418 4502 0005 1333");
  await dialog.getByLabel("Signed on").fill("2026-01-15");
  await dialog.getByRole("button", { name: "Add mandate" }).click();
  await expect(errorSummary(dialog)).toContainText("This is not a valid IBAN of a SEPA country.");
  await expect(dialog.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await snapshot(page, "member-mandate-bad-iban-en-desktop");
  await dialog.getByLabel("IBAN").fill("es91 2100 0418 4502 0005 1332");
  await dialog.getByRole("button", { name: "Add mandate" }).click();
  await expect(notice(page)).toContainText(/Mandate \S+ added\./);
  const signed = mandates.getByRole("row").filter({ hasText: "ES91 2100 0418 4502 0005 1332" });
  await expect(signed).toContainText("Active");

  // The member changes bank: the same mandate, another account (the one it has is refused beside the field).
  await signed.getByRole("button", { name: /^Change the account of mandate / }).click();
  const amend = page.getByRole("dialog", { name: /^Change the account of mandate / });
  await amend.getByLabel("New IBAN").fill("ES91 2100 0418 4502 0005 1332");
  await amend.getByRole("button", { name: "Change account" }).click();
  await expect(amend.getByLabel("New IBAN")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await amend.getByLabel("New IBAN").fill("ES79 2100 0813 6101 2345 6789");
  await amend.getByRole("button", { name: "Change account" }).click();
  await expect(notice(page)).toContainText(/Mandate \S+ now collects from the new account\./);
  const row = mandates.getByRole("row").filter({ hasText: "ES79 2100 0813 6101 2345 6789" });
  await expect(row).toContainText("Active");
  await snapshot(page, "member-mandate-amended-en-desktop");

  await row.getByRole("button", { name: /^Revoke mandate / }).click();
  const confirm = page.getByRole("dialog", { name: /^Revoke mandate .+\?$/ });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(notice(page)).toContainText(/Mandate \S+ revoked\./);
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /^Revoke mandate / })).toHaveCount(0);
  await snapshot(page, "member-billing-revoked-en-desktop");

  // The invoice links back to the member.
  await invoices.getByRole("link", { name: invoice.number }).click();
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
  await page.getByRole("link", { name: debtorName }).click();
  await expect(page.getByRole("heading", { level: 1, name: debtorName })).toBeVisible();
});

test("in Spanish on a phone: the list with its filters behind a button, the invoice, a payment typed with a comma, the member's billing", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const { memberId, invoice } = enrolled.debtor!;
  await page.goto("/billing/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
  const row = invoiceRow(page, invoice.number);
  await expect(row).toContainText("49,90 €");
  await expect(row).toContainText("Pendiente");
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoices-list-es-phone");
  await page.getByRole("button", { name: "Filtros" }).click();
  await page.getByLabel("Estado").selectOption("paid");
  await expect(page.getByRole("button", { name: "Filtros (1)" })).toBeVisible();
  await expect(invoiceRow(page, enrolled.payer!.invoice.number)).toBeVisible();
  await expect(row).toHaveCount(0);
  await snapshot(page, "invoices-list-filtered-es-phone");

  await page.goto(`/billing/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
  await expect(page.getByRole("region", { name: "Conceptos" }).first()).toContainText("21 %");
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-es-phone");
  await page.getByRole("button", { name: "Registrar un cobro" }).click();
  const dialog = page.getByRole("dialog", { name: `Registrar un cobro de ${invoice.number}` });
  await expect(dialog.getByLabel("Importe")).toHaveValue("49,90");
  await dialog.getByLabel("Importe").fill("10,50");
  await dialog.getByLabel("Forma de pago").selectOption("bank_transfer");
  await expectFitsScreen(page);
  await snapshot(page, "invoice-payment-dialog-es-phone");
  await dialog.getByRole("button", { name: "Registrar cobro" }).click();
  await expect(notice(page)).toContainText(`Cobro de 10,50 € registrado en ${invoice.number}.`);
  await expect(page.getByTestId("amount-due")).toHaveText("39,40 €");
  await expect(page.getByRole("region", { name: "Cobros y devoluciones" }).first()).toContainText("Transferencia");
  await expectFitsScreen(page);
  await snapshot(page, "invoice-part-paid-es-phone");

  await page.goto(`/members/${memberId}`);
  await expect(page.getByRole("heading", { name: "Facturación" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mandatos de domiciliación" }).first()).toContainText("Revocado");
  await expect(page.getByRole("definition").filter({ hasText: "39,40 €" }).first()).toBeVisible();
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "member-billing-es-phone");
});

test("rectifying an invoice in part, then in full: the rectifying invoices and the original link both ways", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const { invoice } = enrolled.corrected!;
  await page.goto(`/billing/invoices/${invoice.id}`);
  await expect(page.getByText("No rectifying invoice corrects this invoice.")).toBeVisible();

  await page.getByRole("button", { name: "Rectify" }).click();
  let dialog = page.getByRole("dialog", { name: `Rectify ${invoice.number}` });
  await dialog.getByLabel("Part of it").check();
  await dialog.getByLabel("Amount to credit, VAT included").fill("60");
  await dialog.getByLabel("Reason, printed on the rectifying invoice").fill("Agreed discount");
  await dialog.getByRole("button", { name: "Issue rectifying invoice" }).click();
  await expect(errorSummary(dialog)).toContainText("The amount is more than what is left to credit on the invoice.");
  await dialog.getByLabel("Amount to credit, VAT included").fill("10");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Issue rectifying invoice" }).click();
  await expect(notice(page)).toContainText(/Rectifying invoice R\d{4}-\d{6} issued\./);
  const corrections = page.getByRole("region", { name: "Corrections" }).first();
  await expect(corrections).toContainText("-€10.00");
  await expect(corrections).toContainText("Agreed discount");

  // The rest: the invoice is cancelled and takes no more corrections.
  await page.getByRole("button", { name: "Rectify" }).click();
  dialog = page.getByRole("dialog", { name: `Rectify ${invoice.number}` });
  await dialog.getByLabel("Reason, printed on the rectifying invoice").fill("Left the club");
  await dialog.getByRole("button", { name: "Issue rectifying invoice" }).click();
  await expect(page.locator(".page-lead")).toContainText("Cancelled");
  await expect(corrections.getByRole("link")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Rectify" })).toHaveCount(0);
  await snapshot(page, "invoice-rectified-en-desktop");

  // A rectifying invoice names the invoice it corrects, with the way back.
  await corrections.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^R\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.locator(".page-lead")).toContainText("Rectifying invoice issued on");
  await expect(page.getByText(`This rectifying invoice corrects invoice ${invoice.number}.`)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "rectifying-invoice-en-desktop");
  await page.getByRole("link", { name: invoice.number }).click();
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();

  await page.goto("/billing/invoices");
  await page.getByLabel("Type").selectOption("rectifying");
  await expect(page.getByText(`Rectifies ${invoice.number}`)).toHaveCount(2);
});

test("a part credit shows in the totals and lowers the payment offered; credited again once paid, the credit is refunded", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const { invoice } = await enrol(api, credited);
  await page.goto(`/billing/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals" }).first();
  await expect(totals).not.toContainText("Credited");

  // Total 49.90 − paid 0.00 − credited 10.00 = 39.90 still owed, and that is what a payment starts at.
  await creditInPart(page, invoice.number, "10", "Loyalty discount");
  await expect(totals).toContainText("Credited by rectifying invoices");
  await expect(page.getByTestId("amount-credited")).toHaveText("-€10.00");
  await expect(page.getByTestId("amount-due")).toHaveText("€39.90");
  await expect(page.locator(".page-lead")).toContainText("Open");
  await expect(page.getByTestId("refund-due")).toHaveCount(0);
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-credited-en-desktop");
  await page.getByRole("button", { name: "Record a payment" }).click();
  const payment = page.getByRole("dialog", { name: `Record a payment on ${invoice.number}` });
  await expect(payment.getByLabel("Amount")).toHaveValue("39.90");
  await expect(payment).toContainText("Still owed: €39.90.");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(notice(page)).toContainText(`Payment of €39.90 recorded on ${invoice.number}.`);
  await expect(page.locator(".page-lead")).toContainText("Paid");
  await expect(page.getByTestId("amount-due")).toHaveText("€0.00");

  // Credited again once paid: the club owes the member the credit back, said beside the refund, which offers it.
  await creditInPart(page, invoice.number, "5", "Started late");
  await expect(page.getByTestId("amount-credited")).toHaveText("-€15.00");
  await expect(page.getByTestId("refund-due")).toHaveText("€5.00");
  await expect(page.getByText("€5.00 credited after payment: refund it to the member.")).toBeVisible();
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-credit-to-refund-en-desktop");
  await page.getByRole("button", { name: "Record a refund" }).click();
  const refund = page.getByRole("dialog", { name: `Record a refund on ${invoice.number}` });
  await expect(refund.getByLabel("Amount")).toHaveValue("5.00");
  await expect(refund).toContainText("Credited after payment, to give back: €5.00. Paid so far: €39.90.");
  await refund.getByLabel("Method").selectOption("bank_transfer");
  await expectAccessible(page);
  await snapshot(page, "invoice-refund-dialog-en-desktop");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(notice(page)).toContainText(`Refund of €5.00 recorded on ${invoice.number}.`);
  await expect(page.locator(".page-lead")).toContainText("Paid");
  await expect(page.getByTestId("refund-due")).toHaveCount(0);
  await expect(page.getByText("credited after payment")).toHaveCount(0);
  const movements = page.getByRole("region", { name: "Payments and refunds" }).first();
  await expect(movements.getByRole("row").filter({ hasText: "Refund" })).toContainText("-€5.00");
  await snapshot(page, "invoice-credit-refunded-en-desktop");
});

test("writing an invoice off: the dialog says what is given up; written off, no payment is offered", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const { invoice } = await enrol(api, forgiven);
  await page.goto(`/billing/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
  await page.getByRole("button", { name: "Write off" }).click();
  const dialog = page.getByRole("dialog", { name: `Write off ${invoice.number}?` });
  await expect(dialog).toContainText("The club gives up collecting the €49.90 still owed.");
  await dialog.getByLabel("Why").fill("Moved abroad and cannot be reached");
  await expectAccessible(page);
  await snapshot(page, "invoice-write-off-dialog-en-desktop");
  await dialog.getByRole("button", { name: "Write off" }).click();
  await expect(notice(page)).toContainText(`${invoice.number} written off.`);
  await expect(page.locator(".page-lead")).toContainText("Written off");
  await expect(page.getByTestId("amount-due")).toHaveText("€0.00");
  await expect(page.getByRole("button", { name: "Record a payment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Write off" })).toHaveCount(0);
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-written-off-en-desktop");
});

test("in Spanish on a phone: a part credit in the totals, and the payment it leaves", async ({ browser }) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const api = await apiAs(page);
  const { invoice } = await enrol(api, discounted);
  await page.goto(`/billing/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { level: 1, name: invoice.number })).toBeVisible();
  await page.getByRole("button", { name: "Rectificar" }).click();
  const rectify = page.getByRole("dialog", { name: `Rectificar ${invoice.number}` });
  await rectify.getByLabel("Una parte").check();
  await rectify.getByLabel("Importe que se abona, IVA incluido").fill("10,00");
  await rectify.getByLabel("Motivo, que figura en la factura rectificativa").fill("Descuento de fidelidad");
  await expectFitsScreen(page);
  await rectify.getByRole("button", { name: "Emitir factura rectificativa" }).click();
  await expect(notice(page)).toContainText(/Factura rectificativa R\d{4}-\d{6} emitida\./);
  await expect(page.getByRole("region", { name: "Totales" }).first()).toContainText(
    "Abonado en facturas rectificativas",
  );
  await expect(page.getByTestId("amount-credited")).toHaveText("-10,00 €");
  await expect(page.getByTestId("amount-due")).toHaveText("39,90 €");
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-credited-es-phone");
  await page.getByRole("button", { name: "Registrar un cobro" }).click();
  const payment = page.getByRole("dialog", { name: `Registrar un cobro de ${invoice.number}` });
  await expect(payment.getByLabel("Importe")).toHaveValue("39,90");
  await expect(payment).toContainText("Por cobrar: 39,90 €.");
  await expectFitsScreen(page);
  await snapshot(page, "invoice-credited-payment-dialog-es-phone");
  await payment.getByRole("button", { name: "Cancelar" }).click();
  await expect(payment).toHaveCount(0);
});
