import { loadConfig } from "@/lib/config";
import { localDate } from "@/lib/platform/calendar";
import { SUPER_ADMIN } from "@/tests/support/accounts";
import { SETUP_CODE_HEADERS } from "@/tests/support/setup-code";
import { seedBilling, startBilling } from "./seed-billing";

/**
 * The club the contract suite runs against, built through the served API as a client would (so every rule of the
 * services holds): the super-admin through first-run setup, and for each operation that needs one a record of its
 * own, so the suite's order does not matter (a DELETE never removes what another request reads, a cancel never ends
 * the subscription a renewal renews). Returns the Postman variables the portman config refers to.
 */

type Json = Record<string, unknown>;

/**
 * The club's date `days` before today (negative: after), in the club's time zone as the server reads dates: from
 * 23:00 UTC Madrid's date is already tomorrow's, and a UTC "a week ago" was eight days ago for the server.
 */
export const daysAgo = (days: number) =>
  localDate(new Date(Date.now() - days * 86_400_000), loadConfig().CLUB_TIMEZONE);

/** One request to the server; throws unless it answers 2xx. */
function client(base: string) {
  return async function send(
    method: string,
    path: string,
    options: {
      token?: string;
      body?: unknown;
      raw?: { type: string; text: string };
      headers?: Record<string, string>;
    } = {},
  ): Promise<Json> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.raw) {
      headers["content-type"] = options.raw.type;
      body = options.raw.text;
    } else if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    const answer = await fetch(`${base}${path}`, { method, headers, body });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`seed: ${method} ${path} → ${answer.status} ${text}`);
    return text ? (JSON.parse(text) as Json) : {};
  };
}

/** What tests/contract/mobile-journey.ts signs in as and works with: an Admin who is also an employee. */
export type JourneyAccount = { email: string; password: string; planId: string; otherPlanId: string };

export async function seedContractClub(
  base: string,
): Promise<{ variables: Record<string, string>; journey: JourneyAccount }> {
  const send = client(base);
  await send("POST", "/api/setup/platform", { headers: SETUP_CODE_HEADERS, body: { platformName: "Contract Club" } });
  const admin = await send("POST", "/api/setup/superadmin", { headers: SETUP_CODE_HEADERS, body: SUPER_ADMIN });
  const token = String(admin.accessToken);
  const login = (email: string, password: string) =>
    send("POST", "/api/auth/login", { body: { email, password, refreshTokenTransport: "body" } });

  let accounts = 0;
  /** A staff-created account with its temporary password replaced, as the API requires before anything else. */
  const account = async (roles: string[]) => {
    accounts += 1;
    const email = `contract${accounts}@club.example`;
    const temporary = `Temporary-Pass${accounts}x`;
    const created = await send("POST", "/api/users", {
      token,
      body: {
        email,
        username: `contract${accounts}`,
        firstName: "Cora",
        lastName: "Contract",
        password: temporary,
        roles,
      },
    });
    const password = `Chosen-Passw0rd${accounts}`;
    const first = await login(email, temporary);
    await send("POST", "/api/auth/change-password", {
      token: String(first.accessToken),
      body: { currentPassword: temporary, newPassword: password },
    });
    return { id: String(created.id), email, password };
  };

  const holidayList = await send("POST", "/api/holiday-lists", {
    token,
    body: { name: "Spain", weeklyOffDays: [6, 7], entries: [{ date: "2026-12-25", description: "Christmas" }] },
  });
  const spareHolidayList = await send("POST", "/api/holiday-lists", {
    token,
    body: { name: "Spare", weeklyOffDays: [] },
  });
  const shiftType = await send("POST", "/api/shift-types", {
    token,
    body: { name: "Day", shiftStart: "09:00", shiftEnd: "17:00" },
  });
  const spareShiftType = await send("POST", "/api/shift-types", {
    token,
    body: { name: "Night", shiftStart: "22:00", shiftEnd: "06:00" },
  });
  const plan = await send("POST", "/api/plans", {
    token,
    body: { name: "Monthly", code: "MONTHLY", monthlyPrice: "25.50", annualPrice: "250.00" },
  });
  const otherPlan = await send("POST", "/api/plans", {
    token,
    body: { name: "Premium", code: "PREMIUM", monthlyPrice: "49.99", annualPrice: "499.00" },
  });
  const sparePlan = await send("POST", "/api/plans", {
    token,
    body: { name: "Spare", code: "SPARE", monthlyPrice: "1.00", annualPrice: "10.00" },
  });

  // Before the first enrolment, so every term that costs money is invoiced (docs/billing.md, When billing starts).
  await startBilling(send, token);

  let members = 0;
  /** An enrolled member with an active subscription to `plan`. */
  const enrol = async () => {
    members += 1;
    const enrolled = await send("POST", "/api/members/enroll", {
      token,
      body: {
        member: { firstName: `Member${members}`, lastName: "Contract", email: `member${members}@club.example` },
        subscription: { planId: plan.id, billingPeriod: "monthly", autoRenew: false },
      },
    });
    const member = enrolled.member as Json;
    const subscription = enrolled.subscription as Json;
    return { memberId: String(member.id), subscriptionId: String(subscription.id) };
  };
  const member = await enrol();
  const cancelled = await enrol();
  const renewed = await enrol();
  const changed = await enrol();
  const newMember = (email: string) =>
    send("POST", "/api/members", { token, body: { firstName: "Una", lastName: "Subscribed", email } });
  // A member with an active subscription cannot be deleted; these two have none.
  const deletedMember = await newMember("deleted@club.example");
  const unsubscribed = await newMember("unsubscribed@club.example");

  // The super-admin is an employee too, for the /api/users/me attendance operations.
  const adminUser = await send("GET", "/api/auth/me", { token });
  // Employed for a month: attendance is kept only from an employee's start date, and the seed classifies past days.
  const startsOn = daysAgo(30);
  const employee = await send("POST", "/api/employees", {
    token,
    body: { userId: adminUser.id, holidayListId: holidayList.id, startsOn },
  });
  const staff = await account(["Employee"]);
  const staffEmployee = await send("POST", "/api/employees", {
    token,
    body: { userId: staff.id, holidayListId: holidayList.id, startsOn },
  });
  // The mobile journey's user: it enrols, changes plans, clocks in and out and files a correction for itself.
  const traveller = await account(["Admin"]);
  await send("POST", "/api/employees", {
    token,
    body: { userId: traveller.id, holidayListId: holidayList.id, startsOn },
  });
  // A staff member who has not accepted their invitation yet, for POST /api/staff/{id}/invitation.
  const invited = await send("POST", "/api/staff", {
    token,
    body: { email: "invited@club.example", firstName: "Inés", lastName: "Invitada", roles: ["Employee"], employee: {} },
  });
  // Filed by the staff member: a reviewer may not approve or reject their own request.
  const staffToken = String((await login(staff.email, staff.password)).accessToken);
  const correction = async (days: number) =>
    send("POST", "/api/attendance-requests", {
      token: staffToken,
      body: {
        date: daysAgo(days),
        checkIn: `${daysAgo(days)}T08:00:00Z`,
        checkOut: `${daysAgo(days)}T16:00:00Z`,
        reason: "forgot to clock",
      },
    });
  const request = await correction(2);
  const approved = await correction(3);
  const rejected = await correction(4);
  // Yesterday's attendance records, for GET /api/employees/{id}/attendance/{date}; two more days give the journey's
  // attendance history more than one cursor page.
  for (const days of [1, 5, 6])
    await send("POST", "/api/jobs/process-daily-attendance/run", { token, body: { date: daysAgo(days) } });

  const upload = (name: string) =>
    send("POST", `/api/files?bucket=club-documents&name=${name}`, {
      token,
      raw: { type: "text/plain", text: "contract suite" },
    });
  const file = await upload("contract.txt");
  const deletedFile = await upload("deleted.txt");

  const role = await send("POST", "/api/roles", { token, body: { name: "Front desk", permissions: ["members:read"] } });
  const deletedRole = await send("POST", "/api/roles", { token, body: { name: "Spare", permissions: [] } });
  const user = await account(["User"]);
  const unemployed = await account(["User"]);
  const deletedUser = await account(["User"]);
  const blacklisted = await account(["User"]);
  await send("POST", `/api/users/${blacklisted.id}/blacklist`, { token, body: { reason: "contract suite" } });

  // Tokens spent by the suite: a sign-in to end (logout), one to rotate (refresh), one whose password changes.
  const disposable = await account(["User"]);
  const loggedOut = await login(disposable.email, disposable.password);
  const refreshed = await login(disposable.email, disposable.password);
  const passwordChanger = await account(["User"]);
  const passwordChangerToken = await login(passwordChanger.email, passwordChanger.password);
  // "Sign out everywhere" ends its account's every sign-in, and ending one sign-in needs another to end it from.
  const everywhere = await account(["User"]);
  const signOutEverywhere = await login(everywhere.email, everywhere.password);
  const ender = await account(["User"]);
  await login(ender.email, ender.password);
  const signInEnder = await login(ender.email, ender.password);
  const enderSignIns = await send("GET", "/api/auth/sessions", { token: String(signInEnder.accessToken) });
  const endedSignIn = (enderSignIns.items as Json[]).find((item) => item.current === false);

  const billing = await seedBilling(send, token, enrol);

  const mail = await send("GET", "/api/mail?pageSize=1", { token });
  const firstMail = (mail.items as Json[])[0];

  const journey = {
    email: traveller.email,
    password: traveller.password,
    planId: String(plan.id),
    otherPlanId: String(otherPlan.id),
  };
  const variables = {
    bearerToken: token,
    adminEmail: SUPER_ADMIN.email,
    adminPassword: SUPER_ADMIN.password,
    userId: user.id,
    unemployedUserId: unemployed.id,
    deletedUserId: deletedUser.id,
    blacklistedUserId: blacklisted.id,
    logoutToken: String(loggedOut.accessToken),
    refreshToken: String(refreshed.refreshToken),
    passwordChangerToken: String(passwordChangerToken.accessToken),
    passwordChangerPassword: passwordChanger.password,
    signOutEverywhereToken: String(signOutEverywhere.accessToken),
    signInEnderToken: String(signInEnder.accessToken),
    endedSignInId: String(endedSignIn?.id),
    planId: String(plan.id),
    otherPlanId: String(otherPlan.id),
    deletedPlanId: String(sparePlan.id),
    memberId: member.memberId,
    subscriptionId: member.subscriptionId,
    cancelledMemberId: cancelled.memberId,
    cancelledSubscriptionId: cancelled.subscriptionId,
    renewedMemberId: renewed.memberId,
    renewedSubscriptionId: renewed.subscriptionId,
    changedMemberId: changed.memberId,
    changedSubscriptionId: changed.subscriptionId,
    deletedMemberId: String(deletedMember.id),
    unsubscribedMemberId: String(unsubscribed.id),
    employeeId: String(employee.id),
    staffEmployeeId: String(staffEmployee.id),
    holidayListId: String(holidayList.id),
    invitedUserId: String((invited.user as { id: string }).id),
    deletedHolidayListId: String(spareHolidayList.id),
    shiftTypeId: String(shiftType.id),
    deletedShiftTypeId: String(spareShiftType.id),
    attendanceRequestId: String(request.id),
    approvedRequestId: String(approved.id),
    rejectedRequestId: String(rejected.id),
    fileId: String(file.id),
    deletedFileId: String(deletedFile.id),
    roleId: String(role.id),
    deletedRoleId: String(deletedRole.id),
    mailId: String(firstMail?.id ?? ""),
    yesterday: daysAgo(1),
    lastWeek: daysAgo(7),
    ...billing,
  };
  return { variables, journey };
}
