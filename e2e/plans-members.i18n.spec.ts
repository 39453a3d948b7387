import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { adminPageIn, expect, expectAccessible, expectFitsScreen, notice, snapshot, test, VIEWPORTS } from "./support";

// The members flow in Spanish and in English, on a laptop and on a phone: a plan typed with the language's decimal
// separator, a new member, one enrolled with a subscription, their page, an edit, the export and a deletion. Each run
// makes its own plan and members (a code and emails of its own), so the runs can share the installation.
// A long flow with an axe run on every page: minutes on a busy machine.
test.describe.configure({ timeout: 300_000 });

/** What each step reads and clicks, in each language. */
const WORDS = {
  en: {
    plans: "Plans",
    newPlan: "New plan",
    name: "Name",
    code: "Code",
    monthlyPrice: "Monthly price",
    createPlan: "Create plan",
    planCreated: (name: string) => `Plan ${name} created.`,
    typedPrice: "59.90",
    shownPrice: "€59.90",
    members: "Members",
    search: "Search",
    filters: "Filters",
    status: "Status",
    newMember: "New member",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone (optional)",
    createMember: "Create member",
    enroll: "Enroll",
    enrollTitle: "Enroll a member",
    plan: "Plan",
    billingPeriod: "Billing period",
    period: "Monthly · €59.90",
    memberSince: "Member since",
    currentSubscription: "Current subscription",
    edit: "Edit",
    notes: "Notes (optional)",
    saveMember: "Save member",
    saved: (name: string) => `${name}'s details saved.`,
    exportCsv: "Export CSV",
    exported: /Exported \d+ members? \(.+\) to members-\d{4}-\d\d-\d\d\.csv\./,
    separator: ",",
    delete: "Delete",
    deleteMember: "Delete member",
    deleted: (name: string) => `${name} was deleted.`,
  },
  es: {
    plans: "Planes",
    newPlan: "Nuevo plan",
    name: "Nombre",
    code: "Código",
    monthlyPrice: "Precio mensual",
    createPlan: "Crear plan",
    planCreated: (name: string) => `Plan ${name} creado.`,
    typedPrice: "59,90",
    shownPrice: "59,90 €",
    members: "Socios",
    search: "Buscar",
    filters: "Filtros",
    status: "Estado",
    newMember: "Nuevo socio",
    firstName: "Nombre",
    lastName: "Apellidos",
    email: "Correo electrónico",
    phone: "Teléfono (opcional)",
    createMember: "Crear socio",
    enroll: "Dar de alta",
    enrollTitle: "Dar de alta a un socio",
    plan: "Plan",
    billingPeriod: "Periodicidad de pago",
    period: "Mensual · 59,90 €",
    memberSince: "Socio desde el",
    currentSubscription: "Suscripción actual",
    edit: "Editar",
    notes: "Notas (opcional)",
    saveMember: "Guardar socio",
    saved: (name: string) => `Se han guardado los datos de ${name}.`,
    exportCsv: "Exportar CSV",
    exported: /Se ha(?:n)? exportado \d+ socios? \(.+\) a members-\d{4}-\d\d-\d\d\.csv\./,
    separator: ";",
    delete: "Eliminar",
    deleteMember: "Eliminar socio",
    deleted: (name: string) => `Se ha eliminado a ${name}.`,
  },
} as const;

/** A page is checked the same way everywhere: it fits the screen, axe finds nothing serious, and a screenshot. */
async function checkPage(page: Page, name: string) {
  await expectFitsScreen(page);
  // The page's own content (its dialogs included): the navigation around it is the shell's, checked by its own spec.
  await expectAccessible(page, { within: "main" });
  await snapshot(page, name);
}

for (const language of ["es", "en"] as const) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`members and plans in ${language} at ${size} size`, async ({ browser }) => {
      const words = WORDS[language];
      const run = `${language}-${size}`;
      const code = `I18N-${language}-${size}`.toUpperCase();
      const planName = `Remo ${run}`;
      const page = await adminPageIn(browser, language, viewport);

      // A plan whose price is typed as the language writes it.
      await page.goto("/plans");
      await expect(page.getByRole("heading", { name: words.plans, level: 1 })).toBeVisible();
      await page.getByRole("button", { name: words.newPlan }).click();
      const planDialog = page.getByRole("dialog", { name: words.newPlan });
      await planDialog.getByLabel(words.name, { exact: true }).fill(planName);
      await planDialog.getByLabel(words.code, { exact: true }).fill(code);
      await planDialog.getByLabel(words.monthlyPrice).fill(words.typedPrice);
      await checkPage(page, `i18n-${run}-plan-editor`);
      await planDialog.getByRole("button", { name: words.createPlan }).click();
      await expect(notice(page)).toContainText(words.planCreated(planName));
      const planRow = page.getByRole("row").filter({ hasText: code });
      await expect(planRow).toContainText(words.shownPrice);
      await checkPage(page, `i18n-${run}-plans`);

      // The list, with its filters behind a button on a phone.
      await page.goto("/members");
      await expect(page.getByRole("heading", { name: words.members, level: 1 })).toBeVisible();
      const filters = page.getByRole("button", { name: words.filters });
      if (size === "phone") {
        await expect(page.getByLabel(words.status, { exact: true })).toBeHidden();
        await filters.click();
        await expect(filters).toHaveAttribute("aria-expanded", "true");
      } else {
        await expect(filters).toBeHidden();
      }
      await expect(page.getByLabel(words.status, { exact: true })).toBeVisible();
      await checkPage(page, `i18n-${run}-members`);

      // A new member, then their page.
      const lena = { firstName: "Lena", lastName: `Ortega ${run}`, email: `lena.${run}@riverside.example` };
      const lenaName = `${lena.firstName} ${lena.lastName}`;
      await page.getByRole("button", { name: words.newMember }).click();
      const memberDialog = page.getByRole("dialog", { name: words.newMember });
      await memberDialog.getByLabel(words.firstName, { exact: true }).fill(lena.firstName);
      await memberDialog.getByLabel(words.lastName, { exact: true }).fill(lena.lastName);
      await memberDialog.getByLabel(words.email, { exact: true }).fill(lena.email);
      await checkPage(page, `i18n-${run}-new-member`);
      await memberDialog.getByRole("button", { name: words.createMember }).click();
      await expect(page.getByRole("heading", { name: lenaName, level: 1 })).toBeVisible();

      // Deleted: the list says who.
      await page.getByRole("button", { name: words.delete, exact: true }).click();
      await page.getByRole("button", { name: words.deleteMember }).click();
      await expect(page.getByRole("heading", { name: words.members, level: 1 })).toBeVisible();
      await expect(notice(page)).toContainText(words.deleted(lenaName));
      await checkPage(page, `i18n-${run}-member-deleted`);

      // Enrolled on the plan: the member page with the subscription, priced in the language.
      const marc = {
        firstName: "Marc",
        lastName: `Serra ${run}`,
        email: `marc.${run}@riverside.example`,
        phone: "+34 600 000 000",
      };
      const marcName = `${marc.firstName} ${marc.lastName}`;
      await page.getByRole("button", { name: words.enroll, exact: true }).click();
      const enroll = page.getByRole("dialog", { name: words.enrollTitle });
      await enroll.getByLabel(words.firstName, { exact: true }).fill(marc.firstName);
      await enroll.getByLabel(words.lastName, { exact: true }).fill(marc.lastName);
      await enroll.getByLabel(words.email, { exact: true }).fill(marc.email);
      await enroll.getByLabel(words.phone).fill(marc.phone);
      await enroll.getByLabel(words.plan, { exact: true }).selectOption({ label: `${planName} (${code})` });
      await expect(enroll.getByLabel(words.billingPeriod)).toContainText(words.period);
      await checkPage(page, `i18n-${run}-enroll`);
      await enroll.getByRole("button", { name: words.enroll, exact: true }).click();
      await expect(page.getByRole("heading", { name: marcName, level: 1 })).toBeVisible();
      await expect(page.getByText(words.memberSince)).toBeVisible();
      const subscription = page.getByRole("region", { name: words.currentSubscription });
      await expect(subscription).toContainText(planName);
      await expect(subscription).toContainText(words.shownPrice);
      await checkPage(page, `i18n-${run}-member`);

      // Edited.
      await page.getByRole("button", { name: words.edit, exact: true }).click();
      const edit = page.getByRole("dialog", { name: new RegExp(marcName) });
      await edit.getByLabel(words.notes).fill("Prefiere las mañanas");
      await checkPage(page, `i18n-${run}-edit-member`);
      await edit.getByRole("button", { name: words.saveMember }).click();
      await expect(notice(page)).toContainText(words.saved(marcName));

      // Exported: separated as the language's spreadsheets expect, with the BOM, the phone as typed.
      await page.goto("/members");
      await page.getByLabel(words.search).fill(marc.lastName);
      await expect(page.getByRole("link", { name: marcName, exact: true })).toBeVisible({ timeout: 20_000 });
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: words.exportCsv }).click();
      const file = await readFile(await (await downloading).path());
      await expect(notice(page)).toContainText(words.exported);
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // The export may start before the search narrows the list (the runs share one server): find Marc's row.
      const [header, ...rows] = file.subarray(3).toString("utf8").split("\r\n");
      const row = rows.find((line) => line.includes(marc.email));
      expect(header).toBe(
        ["id", "firstName", "lastName", "email", "phone", "birthDate", "status", "joinedOn", "planCode"]
          .join(words.separator)
          .concat(words.separator, "planName,subscriptionEndsAt,notes,createdAt".replaceAll(",", words.separator)),
      );
      expect(row).toContain(`${words.separator}${marc.phone}${words.separator}`);
      await checkPage(page, `i18n-${run}-exported`);
    });
  }
}
