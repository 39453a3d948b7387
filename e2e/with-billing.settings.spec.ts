import {
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

/*
 * Issue 17 item 7: the billing section of /settings, the revenue report and the overdue list.
 *
 * On an installation of its own, like every spec that starts billing: filling in the tax data starts it for good (the API
 * has no way back), and the club's time zone moves below. The overdue invoice is made the way the
 * app allows without a clock to move: a member is enrolled while the club's time zone is Pacific/Pago_Pago (UTC−11),
 * then the zone becomes Pacific/Kiritimati (UTC+14), where it is already a later date than the invoice's due date, and
 * the dunning job marks it overdue. The time zone is put back at the end.
 */

const TAX_DATA = {
  legalName: "Riverside Rowing Club S.L.",
  taxId: "B58378431",
  address: { line: "Muelle de Poniente 4", postalCode: "03590", city: "Altea", province: "Alicante" },
};

onOwnServer();

test("the billing settings: a wrong NIF is refused beside its field, a valid one starts billing", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const before = await api("GET", "/api/settings");
  if (!before.taxData.billingStarted) {
    // The billing pages say so too, with the way to the settings.
    await page.goto("/billing/report");
    await expect(page.getByRole("heading", { name: "Billing has not started" })).toBeVisible();
    await page.getByRole("link", { name: "Fill in the tax data" }).click();
    await expect(page).toHaveURL(/\/settings#billing$/);
  } else await page.goto("/settings");
  const billing = page.getByRole("region", { name: "Billing", exact: true });
  const notStarted = billing.getByRole("heading", { name: "Billing has not started" });
  if (!before.taxData.billingStarted) await expect(notStarted).toBeVisible();

  await billing.getByLabel("Legal name", { exact: true }).fill(TAX_DATA.legalName);
  await billing.getByLabel("NIF or CIF", { exact: true }).fill("12345678A");
  await billing.getByLabel("Address", { exact: true }).fill(TAX_DATA.address.line);
  await billing.getByLabel("Postal code", { exact: true }).fill(TAX_DATA.address.postalCode);
  await billing.getByLabel("City", { exact: true }).fill(TAX_DATA.address.city);
  await billing.getByLabel("Province (optional)", { exact: true }).fill(TAX_DATA.address.province);
  await billing.getByRole("button", { name: "Save billing settings" }).click();
  const taxId = billing.getByLabel("NIF or CIF", { exact: true });
  await expect(taxId).toHaveAttribute("aria-invalid", "true");
  await expect(errorSummary(billing)).toContainText("NIF or CIF: Use a valid Spanish NIF, DNI, NIE or CIF");
  await snapshot(page, "settings-billing-bad-nif-en-desktop");
  expect((await api("GET", "/api/settings")).taxData).toEqual(before.taxData);

  await taxId.fill(TAX_DATA.taxId);
  await billing.getByRole("button", { name: "Save billing settings" }).click();
  await expect(notice(page)).toContainText("Billing settings saved.");
  await expect(notStarted).toBeHidden();
  await expect(taxId).not.toHaveAttribute("aria-invalid", "true");
  const after = await api("GET", "/api/settings");
  expect(after.taxData).toMatchObject({ legalName: TAX_DATA.legalName, taxId: TAX_DATA.taxId, billingStarted: true });
  // The club's other settings are sent as they were.
  expect(after).toMatchObject({ clubName: before.clubName, language: before.language, timeZone: before.timeZone });
});

test("an invoice left unpaid past its due date is on the overdue list and in the report's ageing", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "en", VIEWPORTS.desktop);
  const api = await apiAs(page);
  const before = await api("GET", "/api/settings");
  const club = { clubName: before.clubName, description: before.description, language: before.language };
  const zone = (timeZone: string) => api("PUT", "/api/settings", { ...club, timeZone, currency: before.currency });
  const suffix = Date.now().toString(36).toUpperCase();
  try {
    if (!before.taxData.billingStarted) await api("PUT", "/api/settings", { ...before, taxData: TAX_DATA });
    const plan = await api("POST", "/api/plans", {
      name: `Sculling ${suffix}`,
      code: `S-${suffix}`,
      monthlyPrice: "30.00",
    });
    await zone("Pacific/Pago_Pago");
    const enrolled = await api("POST", "/api/members/enroll", {
      member: {
        firstName: "Olga",
        lastName: `Late ${suffix}`,
        email: `olga.${suffix.toLowerCase()}@riverside.example`,
      },
      subscription: { planId: plan.id, billingPeriod: "monthly" },
    });
    const memberId: string = enrolled.member.id;
    // 25 hours ahead: Kiritimati's today is after Pago Pago's, the invoice's due date.
    await zone("Pacific/Kiritimati");
    await runJob(page, "process-dunning");
    const overdue = await api("GET", "/api/billing/overdue");
    const item = overdue.items.find((entry: { memberId: string }) => entry.memberId === memberId);
    expect(item).toMatchObject({ owed: "30.00", memberSuspended: false, remindersSent: 1 });

    await page.goto("/billing/overdue");
    await expect(page.getByRole("heading", { level: 1, name: "Overdue invoices" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `Olga Late ${suffix}` });
    await expect(row).toContainText("€30.00");
    await expect(row).toContainText(item.daysOverdue === 1 ? "1 day" : `${item.daysOverdue} days`);
    await expect(row.getByRole("cell").last()).toHaveText("No"); // not suspended: 1 or 2 days late, 15 of grace
    await expect(row.getByRole("link", { name: `Olga Late ${suffix}` })).toHaveAttribute(
      "href",
      `/members/${memberId}`,
    );
    await expect(row.getByRole("link", { name: item.number })).toHaveAttribute(
      "href",
      `/billing/invoices/${item.invoiceId}`,
    );
    await snapshot(page, "billing-overdue-en-desktop");

    const report = await api("GET", "/api/billing/report");
    await page.goto("/billing/report");
    await expect(page.getByRole("heading", { level: 1, name: "Revenue" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Billed and collected per month: / })).toBeVisible();
    const money = (amount: string) =>
      new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" }).format(Number(amount));
    const months = page.getByRole("table", { name: "Billed and collected per month, as a table" });
    await expect(months.getByRole("row", { name: /^Total/ })).toContainText(money(report.totals.billed));
    const ageing = page.getByRole("table", { name: "What is owed, by days late" });
    await expect(ageing.getByRole("row", { name: /^1–30 days/ })).toContainText(money(report.ageing.days1To30.amount));
    await snapshot(page, "billing-report-en-desktop");

    // A period the API refuses: its message stands beside the field.
    await page.getByLabel("From month").fill("2026-06");
    await page.getByLabel("To month").fill("2026-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByLabel("To month")).toHaveAttribute("aria-invalid", "true");
    await expect(errorSummary(page)).toContainText("To month: to cannot be before from.");
  } finally {
    await zone(before.timeZone);
  }
});

for (const language of ["en", "es"] as const)
  test(`the billing settings, the report and the overdue list fit a phone and pass axe, in ${language}`, async ({
    browser,
  }) => {
    for (const size of ["desktop", "phone"] as const) {
      const page = await adminPageIn(browser, language, VIEWPORTS[size]);
      for (const [name, path, title] of [
        ["settings-billing", "/settings#billing", language === "es" ? "Facturación" : "Billing"],
        [
          "billing-report",
          "/billing/report",
          language === "es" ? "Lo pendiente, por días de retraso" : "What is owed, by days late",
        ],
        ["billing-overdue", "/billing/overdue", language === "es" ? "Facturas impagadas" : "Overdue invoices"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: title, exact: true }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await snapshot(page, `${name}-${language}-${size}`);
        await expectFitsScreen(page);
        await expectAccessible(page);
      }
      await page.context().close();
    }
  });

test("invoice numbering, in Spanish on a phone: a club coming from another program goes on with its own", async ({
  browser,
}) => {
  const page = await adminPageIn(browser, "es", VIEWPORTS.phone);
  const year = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Madrid" }).format(new Date());
  await page.goto("/settings");
  const numbering = page.getByRole("region", { name: "Numeración de facturas" });
  await numbering.getByLabel("Prefijo de las facturas", { exact: true }).fill("F 1");
  await numbering.getByRole("button", { name: "Guardar numeración" }).click();
  await expect(numbering.getByLabel("Prefijo de las facturas", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(errorSummary(numbering)).toContainText("Prefijo de las facturas");

  // A prefix of its own, which has issued nothing here: its numbering can start where the former program left off.
  await numbering.getByLabel("Prefijo de las facturas", { exact: true }).fill("fc-");
  await numbering.getByLabel("Número de la próxima factura", { exact: true }).fill("154");
  await numbering.getByRole("button", { name: "Guardar numeración" }).click();
  await expect(notice(page).filter({ hasText: "Numeración de facturas guardada." })).toBeVisible();
  await expect(numbering.getByLabel("Prefijo de las facturas", { exact: true })).toHaveValue("FC-");
  await expect(numbering).toContainText(`La próxima será la FC-${year}-000154.`);
  await snapshot(page, "settings-invoice-numbering-es-phone");
  await expectFitsScreen(page);
  await expectAccessible(page);
  const api = await apiAs(page);
  expect((await api("GET", "/api/billing/series")).invoice).toMatchObject({ prefix: "FC-", nextNumber: 154 });
  await page.context().close();
});
