import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  adminPageIn,
  apiAs,
  expect,
  expectAccessible,
  expectFitsScreen,
  onOwnServer,
  snapshot,
  test,
  VIEWPORTS,
} from "./support";

// Billing → Books in Spanish: the month's libro registro de facturas expedidas downloaded and read, the 303 and 347
// figures and the payments journal, on a laptop and on a phone.
//
// On an installation of its own: billing, once started with the club's tax data, cannot be stopped.
onOwnServer({ serial: true });

const TAX_DATA = {
  legalName: "Riverside Rowing Club S.L.",
  taxId: "G28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante" },
};
const EXEMPT = "Exento, art. 20.1.13º Ley 37/1992 del IVA";

type Api = Awaited<ReturnType<typeof apiAs>>;
type Invoice = { id: string; number: string; issuedOn: string };

let month = "";
const issued: Record<string, Invoice> = {};

/** Checks the page as a person sees it at this size: nothing wider than the screen, no serious axe violation. */
async function looksRight(page: Page, name: string): Promise<void> {
  await expectFitsScreen(page);
  await expectAccessible(page);
  await snapshot(page, name);
}

async function enrol(api: Api, planId: string, member: Record<string, string>): Promise<Invoice> {
  const reply = await api("POST", "/api/members/enroll", {
    member,
    subscription: { planId, billingPeriod: "monthly" },
  });
  const { items } = await api("GET", `/api/invoices?memberId=${reply.member.id}`);
  return items[0] as Invoice;
}

test("a club that bills a 21 % plan and an exempt one, with a part credit and a payment", async ({ browser }) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const { clubName, description, language, timeZone, currency } = await api("GET", "/api/settings");
  await api("PUT", "/api/settings", { clubName, description, language, timeZone, currency, taxData: TAX_DATA });
  const gold = await api("POST", "/api/plans", { name: "Remo", code: "REMO-LIBROS", monthlyPrice: "49.90" });
  const sport = await api("POST", "/api/plans", {
    name: "Escuela",
    code: "ESCUELA-LIBROS",
    monthlyPrice: "30.00",
    exemptReason: EXEMPT,
  });
  issued.withTaxId = await enrol(api, gold.id, {
    firstName: "Ane",
    lastName: "Libros Con NIF",
    email: "ane.books@riverside.example",
    taxId: "00000000T",
  });
  issued.exempt = await enrol(api, sport.id, {
    firstName: "Unai",
    lastName: "Libros Exento",
    email: "unai.books@riverside.example",
  });
  await api("POST", `/api/invoices/${issued.withTaxId.id}/rectifications`, { reason: "Descuento", amount: "10.00" });
  await api("POST", `/api/invoices/${issued.exempt.id}/payments`, {
    amount: "30.00",
    method: "cash",
    paidOn: issued.exempt.issuedOn,
  });
  month = issued.withTaxId.issuedOn.slice(0, 7);
});

test("Facturación → Libros: the month's libro registro, downloaded as CSV and XLSX (Spanish, laptop)", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.desktop);
  await page.goto("/dashboard");
  // The main navigation, in Spanish: Facturación → Libros.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Libros", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Libros" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Este mes" })).toHaveAttribute("aria-pressed", "true");

  const register = page.getByRole("region", { name: "Libro registro de facturas expedidas" });
  await expect(register.getByText("3 facturas")).toBeVisible();
  const totals = register.getByRole("table", { name: "Totales por tipo de IVA" });
  await expect(totals.getByRole("row", { name: /^21 %/ })).toContainText("32,98");
  await expect(totals.getByRole("row", { name: /^Exenta/ })).toContainText("30,00");
  const rows = register.getByRole("table", { name: "Facturas del periodo" });
  await expect(rows.getByRole("row", { name: new RegExp(issued.withTaxId!.number) }).first()).toContainText(
    "00000000T",
  );
  await expect(rows).toContainText(`Rectifica ${issued.withTaxId!.number}`);

  const csvDownload = page.waitForEvent("download");
  await register.getByRole("button", { name: "Descargar CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`libro-registro-expedidas-${month}.csv`);
  const text = await readFile((await csv.path()) ?? "", "utf8");
  expect(text.startsWith("\uFEFFAutoliquidación;;Actividad;")).toBe(true);
  const lines = text.slice(1).split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(5); // two header rows, the 21 % invoice, the exempt one, the rectification
  const [series, number] = issued.withTaxId!.number.split("-");
  expect(lines[2]).toContain(`;F1;;;`);
  expect(lines[2]).toContain(`;${series};${number};;;;00000000T;Ane Libros Con NIF;01;S1;;49,90;41,24;21,00;8,66;`);
  expect(lines.find((line) => line.includes(";E1;"))).toContain(`;F2;`);
  expect(lines.find((line) => line.includes(";E1;"))).toContain(`VENTAS A CONSUMIDOR FINAL;01;;E1;30,00;30,00;;;`);
  expect(lines.find((line) => line.includes(";R1;"))).toContain(`;-10,00;-8,26;21,00;-1,74;`);
  expect(lines.find((line) => line.includes(";R1;"))).toContain(issued.withTaxId!.number);

  const xlsxDownload = page.waitForEvent("download");
  await register.getByRole("button", { name: "Descargar XLSX" }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`libro-registro-expedidas-${month}.xlsx`);
  const bytes = await readFile((await xlsx.path()) ?? "");
  expect(bytes.subarray(0, 2).toString()).toBe("PK"); // a zip, as every XLSX

  // The 303 of the month's quarter, the 347 of its year and the payments journal.
  await expect(page.getByRole("region", { name: /^Modelo 303, [1-4]T \d{4}$/ })).toContainText("Total cuota devengada");
  await expect(page.getByRole("region", { name: /^Modelo 347, \d{4}$/ })).toContainText(
    "Ningún cliente superó el umbral este año.",
  );
  const journal = page.getByRole("region", { name: "Diario de cobros" });
  await expect(
    journal.getByRole("table", { name: "Por forma de pago" }).getByRole("row", { name: /^Efectivo/ }),
  ).toContainText("30,00");
  await looksRight(page, "books-es-desktop");
});

test("the books on a phone, and a period chosen by its dates (Spanish)", async ({ browser }) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  await page.goto("/billing/books");
  const register = page.getByRole("region", { name: "Libro registro de facturas expedidas" });
  await expect(register.getByText("3 facturas")).toBeVisible();
  await looksRight(page, "books-es-phone");

  // A month without invoices: the empty states.
  await page.getByLabel("Desde").fill("2020-01-01");
  await page.getByLabel("Hasta").fill("2020-01-31");
  await page.getByRole("button", { name: "Ver" }).click();
  await expect(register.getByText("No se emitió ninguna factura en este periodo.")).toBeVisible();
  await expect(page.getByText("No se movió dinero en este periodo.")).toBeVisible();
  await looksRight(page, "books-empty-es-phone");
});
