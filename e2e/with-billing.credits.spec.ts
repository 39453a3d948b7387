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

// The front desk in Spanish, on a phone and at a desk: invoicing a member for a locker beside an exempt fee, giving
// money back without leaving the member owing, and issuing a term's invoice again once the member gives their NIF
// (docs/billing.md, Refunds, Reissuing a term's invoice, Invoices staff write). On an installation of its own:
// setting tax data starts billing.
onOwnServer({ serial: true });

const TAX_DATA = {
  legalName: "Club Deportivo Altea",
  taxId: "G28029643",
  address: { line: "Muelle 1", postalCode: "03590", city: "Altea", province: "Alicante" },
};
const EXEMPTION = "Exento, art. 20.1.13º Ley 37/1992 del IVA";

/** A Spanish club billing at 21 %, with a 40,00 € plan and a member enrolled on it: the member and their invoice. */
async function memberWithInvoice(api: Awaited<ReturnType<typeof apiAs>>, name: string) {
  const { clubName, description, timeZone, currency } = await api("GET", "/api/settings");
  await api("PUT", "/api/settings", { clubName, description, language: "es", timeZone, currency, taxData: TAX_DATA });
  const code = `SALA-${name.toUpperCase()}`;
  const plan = await api("POST", "/api/plans", { name: `Sala ${name}`, code, monthlyPrice: "40.00" });
  const member = await api("POST", "/api/members", {
    firstName: "Lucía",
    lastName: name,
    email: `lucia.${name.toLowerCase()}@altea.example`,
  });
  await api("POST", `/api/members/${member.id}/subscriptions`, { planId: plan.id, billingPeriod: "monthly" });
  const { items } = await api("GET", `/api/invoices?memberId=${member.id}`);
  return { member, invoice: items[0] };
}

for (const [size, viewport] of [
  ["phone", VIEWPORTS.phone],
  ["desktop", VIEWPORTS.desktop],
] as const) {
  test(`on a ${size}: an exempt fee and a 21 % locker on one invoice, from the member's page`, async ({ browser }) => {
    const page = await adminPageIn(browser, "es", viewport);
    const api = await apiAs(page);
    const { member } = await memberWithInvoice(api, `Taquilla${size}`);
    await page.goto(`/members/${member.id}`);
    await page.getByRole("button", { name: "Facturar otros conceptos" }).click();
    const dialog = page.getByRole("dialog", { name: `Facturar otros conceptos a Lucía Taquilla${size}` });
    await dialog.getByLabel("Descripción (concepto 1)").fill("Cuota de inscripción");
    await dialog.getByLabel("Importe con IVA (concepto 1)").fill("20,00");
    await dialog.getByLabel("Tipo de IVA (concepto 1)").selectOption({ label: "Exento" });
    await expect(dialog.getByLabel("Motivo de la exención (concepto 1)")).toHaveValue(EXEMPTION);
    await dialog.getByRole("button", { name: "Añadir otro concepto" }).click();
    await dialog.getByLabel("Descripción (concepto 2)").fill("Taquilla, diciembre");
    await dialog.getByLabel("Importe con IVA (concepto 2)").fill("12,10");
    await dialog.getByLabel("Tipo de IVA (concepto 2)").selectOption({ label: "21 %" });
    await expectAccessible(page);
    await snapshot(page, `new-invoice-es-${size}`);
    await dialog.getByRole("button", { name: "Emitir factura" }).click();
    await expect(notice(page)).toContainText(/Factura F\d{4}-\d{6} emitida\./);

    const { items } = await api("GET", `/api/invoices?memberId=${member.id}&orderBy=issuedOn&orderDirection=desc`);
    await page.goto(`/billing/invoices/${items[0].id}`);
    const lines = page.getByRole("region", { name: "Conceptos" }).first();
    await expect(lines).toContainText("Cuota de inscripción");
    await expect(lines).toContainText("Taquilla, diciembre");
    await expect(page.getByRole("region", { name: "Totales" }).first()).toContainText("32,10 €");
    await expectFitsScreen(page);
    await expectAccessible(page);
    await snapshot(page, `free-lines-invoice-es-${size}`);
  });
}

test("a refund of part of a paid invoice: still paid, nothing owed, a rectifying invoice issued with it", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const { invoice } = await memberWithInvoice(api, "Devolucion");
  await api("POST", `/api/invoices/${invoice.id}/payments`, { amount: "40.00", method: "card" });
  await page.goto(`/billing/invoices/${invoice.id}`);
  // The receipt of the payment, to print at the desk (the member was emailed it).
  const receipt = page.waitForEvent("download");
  await page.getByRole("button", { name: "Recibo del movimiento 1" }).click();
  expect((await receipt).suggestedFilename()).toBe(`${invoice.number}-recibo-1.pdf`);
  await page.getByRole("button", { name: "Registrar una devolución" }).click();
  const dialog = page.getByRole("dialog", { name: `Registrar una devolución de ${invoice.number}` });
  await expect(dialog).toContainText("Devolver dinero no deja al socio debiendo más");
  await dialog.getByLabel("Importe").fill("15,00");
  await dialog.getByLabel("Recibo, referencia o nota").fill("Lesión de rodilla");
  await expectAccessible(page);
  await snapshot(page, "refund-credit-es-desktop");
  await dialog.getByRole("button", { name: "Registrar devolución" }).click();
  await expect(notice(page)).toContainText(
    new RegExp(
      `Devolución de 15,00\\s€ registrada en ${invoice.number}; factura rectificativa R\\d{4}-\\d{6} emitida\\.`,
    ),
  );
  await expect(page.getByText("Pagada", { exact: true }).first()).toBeVisible();
  const totals = page.getByRole("region", { name: "Totales" }).first();
  await expect(totals).toContainText(/Pagado\s*25,00\s€/);
  await expect(totals).toContainText(/Por cobrar\s*0,00\s€/);
  await expect(page.getByRole("region", { name: "Rectificaciones" })).toContainText("Lesión de rodilla");
});

test("a term's invoice issued again after it was credited in full, once the member gave their NIF", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const api = await apiAs(page);
  const { member, invoice } = await memberWithInvoice(api, "Reemision");
  await api("POST", `/api/invoices/${invoice.id}/rectifications`, { reason: "Faltaba el NIF" });
  await api("PUT", `/api/members/${member.id}`, {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    taxId: "12345678Z",
  });
  await page.goto(`/billing/invoices/${invoice.id}`);
  await page.getByRole("button", { name: "Volver a emitir" }).click();
  const dialog = page.getByRole("dialog", { name: `¿Volver a emitir ${invoice.number}?` });
  await expect(dialog).toContainText("los datos actuales del socio");
  await expectAccessible(page);
  await snapshot(page, "reissue-es-phone");
  await dialog.getByRole("button", { name: "Emitir factura nueva" }).click();
  await expect(notice(page)).toContainText(/Factura F\d{4}-\d{6} emitida\./);
  const corrections = page.getByRole("region", { name: "Rectificaciones" });
  const replacement = corrections.getByRole("link", { name: /^F\d{4}-\d{6}$/ });
  await expect(corrections).toContainText("Se volvió a emitir como la factura");
  await replacement.click();
  await expect(page.getByRole("region", { name: "Rectificaciones" })).toContainText(
    `Sustituye a la factura ${invoice.number}, abonada por completo.`,
  );
  await expect(page.getByRole("region", { name: "Agencia Tributaria (VERI*FACTU)" })).toContainText("Factura completa");
  await expectFitsScreen(page);
  await snapshot(page, "reissued-invoice-es-phone");
});

test("a full invoice in place of a paid simplified one, once the member gave their NIF", async ({ browser }) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const api = await apiAs(page);
  const { member, invoice } = await memberWithInvoice(api, "Sustitucion");
  await api("POST", `/api/invoices/${invoice.id}/payments`, { amount: "40.00", method: "cash" });
  await page.goto(`/billing/invoices/${invoice.id}`);
  await page.getByRole("button", { name: "Emitir factura completa" }).click();
  const dialog = page.getByRole("dialog", {
    name: `¿Emitir una factura completa en sustitución de ${invoice.number}?`,
  });
  await dialog.getByRole("button", { name: "Emitir factura completa" }).click();
  // Without the member's NIF the API refuses, and the dialog says what to do.
  await expect(errorSummary(dialog)).toContainText("añade primero el DNI, NIE o NIF del socio");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await api("PUT", `/api/members/${member.id}`, {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    taxId: "12345678Z",
  });
  await page.getByRole("button", { name: "Emitir factura completa" }).click();
  await expect(dialog).toContainText("su IVA no se cuenta dos veces");
  await expectAccessible(page);
  await snapshot(page, "substitute-es-phone");
  await dialog.getByRole("button", { name: "Emitir factura completa" }).click();
  await expect(notice(page)).toContainText(/Factura F\d{4}-\d{6} emitida\./);
  const corrections = page.getByRole("region", { name: "Rectificaciones" });
  await expect(corrections).toContainText("Se emitió la factura completa");
  await expect(page.getByRole("button", { name: "Emitir factura completa" })).toHaveCount(0);
  await corrections.getByRole("link", { name: /^F\d{4}-\d{6}$/ }).click();
  await expect(page.getByRole("region", { name: "Rectificaciones" })).toContainText(
    `Emitida en sustitución de la factura simplificada ${invoice.number}, que conserva sus pagos y su IVA.`,
  );
  await expect(page.getByRole("region", { name: "Agencia Tributaria (VERI*FACTU)" })).toContainText(
    "Factura en sustitución de simplificadas",
  );
  await expectFitsScreen(page);
  await snapshot(page, "substitution-invoice-es-phone");
});
