import { readFile } from "node:fs/promises";
import { extractText, getDocumentProxy } from "unpdf";
import { readQrFromPdf } from "../tests/support/pdf-qr";
import {
  adminPageIn,
  apiAs,
  errorSummary,
  expect,
  expectAccessible,
  expectFitsScreen,
  notice,
  onOwnServer,
  snapshot,
  test,
  VIEWPORTS,
} from "./support";

// A club exempt from IVA (a sports association: art. 20.1.13º Ley 37/1992) bills in Spanish: its plan's exemption set
// in the plan editor, a member's DNI and address entered on their record, and each invoice's VERI*FACTU type, QR code
// and legal mention (docs/billing.md, VERI*FACTU). On an installation of its own: setting tax data starts billing.
onOwnServer({ serial: true });

const TAX_DATA = {
  legalName: "Club Deportivo Social Altea",
  taxId: "G28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante" },
};
const EXEMPTION = "Exento, art. 20.1.13º Ley 37/1992 del IVA";

/** The invoice's PDF as the page downloads it: its text, and the QR code a phone reads on page 1. */
async function downloadedPdf(page: import("@playwright/test").Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar PDF" }).click();
  const bytes = new Uint8Array(await readFile(await (await download).path()));
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return { text: text.replace(/\s+/g, " "), qr: await readQrFromPdf(bytes) };
}

test("an exempt club: a member with a DNI gets a full invoice, one without a simplified one, each with its QR code", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.desktop);
  const api = await apiAs(page);
  // A Spanish club: its invoices are written in Spanish.
  const { clubName, description, timeZone, currency } = await api("GET", "/api/settings");
  await api("PUT", "/api/settings", { clubName, description, language: "es", timeZone, currency, taxData: TAX_DATA });

  // The plan's exemption, in the plan editor: no rate typed, so the exempt plan's 0 %.
  await page.goto("/plans");
  await page.getByRole("button", { name: "Nuevo plan" }).click();
  const editor = page.getByRole("dialog", { name: "Nuevo plan" });
  await editor.getByLabel("Nombre").fill("Remo social");
  await editor.getByLabel("Código").fill("REMO-SOCIAL");
  await editor.getByLabel("Precio mensual").fill("30,00");
  await editor.getByLabel("Exención (opcional)").fill(EXEMPTION);
  await editor.getByRole("button", { name: "Crear plan" }).click();
  await expect(notice(page)).toContainText("Plan Remo social creado.");
  const { items: plans } = await api("GET", "/api/plans?search=REMO-SOCIAL");
  expect(plans[0]).toMatchObject({ taxRate: "0.00", exemptReason: EXEMPTION });

  // A member's DNI and address, entered on their record.
  const withDni = await api("POST", "/api/members", {
    firstName: "Nerea",
    lastName: "Con DNI",
    email: "nerea.dni@altea.example",
  });
  await page.goto(`/members/${withDni.id}`);
  await page.getByRole("button", { name: "Editar" }).click();
  const form = page.getByRole("dialog", { name: "Editar a Nerea Con DNI" });
  await form.getByLabel("DNI, NIE o NIF (opcional)").fill("12345678-z");
  await form.getByLabel("Dirección (opcional)").fill("Calle Mayor 3, 2º B");
  await form.getByLabel("Código postal").fill("03590");
  await form.getByLabel("Localidad").fill("Altea");
  await expectAccessible(page);
  await snapshot(page, "member-invoicing-details-es-desktop");
  await form.getByRole("button", { name: "Guardar socio" }).click();
  await expect(notice(page)).toContainText("Se han guardado los datos de Nerea Con DNI.");
  const profile = page.getByRole("region", { name: "Ficha" });
  await expect(profile).toContainText("12345678Z");
  await expect(profile).toContainText("Calle Mayor 3, 2º B, 03590 Altea, ES");

  const withoutDni = await api("POST", "/api/members", {
    firstName: "Unai",
    lastName: "Sin DNI",
    email: "unai.sin-dni@altea.example",
  });
  for (const member of [withDni, withoutDni])
    await api("POST", `/api/members/${member.id}/subscriptions`, { planId: plans[0].id, billingPeriod: "monthly" });

  for (const [member, type, title] of [
    [withDni, "Factura completa", "Factura Número de factura"],
    [withoutDni, "Factura simplificada", "Factura simplificada Número de factura"],
  ] as const) {
    const { items } = await api("GET", `/api/invoices?memberId=${member.id}`);
    const invoice = items[0];
    await page.goto(`/billing/invoices/${invoice.id}`);
    const taxAgency = page.getByRole("region", { name: "Agencia Tributaria (VERI*FACTU)" });
    await expect(taxAgency).toContainText(type);
    await expect(taxAgency).toContainText("Pendiente de envío");
    await expectAccessible(page);
    await expectFitsScreen(page);
    await snapshot(page, `invoice-verifactu-${member.id === withDni.id ? "full" : "simplified"}-es-desktop`);
    const detail = await api("GET", `/api/invoices/${invoice.id}`);
    const pdf = await downloadedPdf(page);
    expect(pdf.qr?.text).toBe(detail.verifactu.qrUrl);
    expect(pdf.text).toContain(title);
    expect(pdf.text).toContain(`Operación exenta de IVA: ${EXEMPTION}`);
    expect(pdf.text).toContain("Total factura 30,00 €");
  }
});

test("the member form on a phone, in Spanish: the invoicing details fit the screen", async ({ browser }) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const api = await apiAs(page);
  const member = await api("POST", "/api/members", {
    firstName: "Iker",
    lastName: "Móvil",
    email: "iker@altea.example",
  });
  await page.goto(`/members/${member.id}`);
  await page.getByRole("button", { name: "Editar" }).click();
  const form = page.getByRole("dialog", { name: "Editar a Iker Móvil" });
  await expect(form.getByRole("group", { name: "Para sus facturas" })).toBeVisible();
  await form.getByLabel("DNI, NIE o NIF (opcional)").fill("12345678A");
  await form.getByRole("button", { name: "Guardar socio" }).click();
  // A DNI with a wrong check letter is refused, and nothing is saved.
  await expect(errorSummary(form)).toBeVisible();
  expect((await api("GET", `/api/members/${member.id}`)).taxId).toBeNull();
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "member-invoicing-details-error-es-phone");
});

test("a record the tax agency rejected, in Spanish on a phone: the reason, the way to send it corrected, and a refusal in words", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const api = await apiAs(page);
  const member = await api("POST", "/api/members", {
    firstName: "Maite",
    lastName: "Rechazada",
    email: "maite.rechazada@altea.example",
  });
  const { items: plans } = await api("GET", "/api/plans?search=REMO-SOCIAL");
  await api("POST", `/api/members/${member.id}/subscriptions`, { planId: plans[0].id, billingPeriod: "monthly" });
  const { items } = await api("GET", `/api/invoices?memberId=${member.id}`);
  const invoice = await api("GET", `/api/invoices/${items[0].id}`);
  // This installation sends nothing to the AEAT: the page is shown the answer a rejection would leave.
  await page.route(`**/api/invoices/${invoice.id}`, (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          json: {
            ...invoice,
            verifactu: {
              ...invoice.verifactu,
              status: "rejected",
              errorCode: 4109,
              error: "El NIF no está identificado en el censo de la AEAT.",
            },
          },
        })
      : route.fallback(),
  );
  await page.goto(`/billing/invoices/${invoice.id}`);
  const taxAgency = page.getByRole("region", { name: "Agencia Tributaria (VERI*FACTU)" });
  await expect(taxAgency).toContainText("Rechazada");
  await expect(taxAgency).toContainText("Error 4109: El NIF no está identificado en el censo de la AEAT.");
  await taxAgency.getByRole("button", { name: "Enviar registro subsanado" }).click();
  const dialog = page.getByRole("dialog", { name: `¿Enviar de nuevo, subsanado, el registro de ${invoice.number}?` });
  await expect(dialog).toContainText("La factura no cambia.");
  await expectAccessible(page);
  await expectFitsScreen(page);
  await snapshot(page, "invoice-verifactu-correct-es-phone");
  // The API knows better: the record still waits for its first answer, so nothing is written and the dialog says why.
  await dialog.getByRole("button", { name: "Enviar registro subsanado" }).click();
  await expect(dialog).toContainText("Aún se espera la respuesta de la Agencia Tributaria");
  expect((await api("GET", `/api/invoices/${invoice.id}`)).verifactu).toMatchObject({
    status: "pending",
    corrections: 0,
  });
});
