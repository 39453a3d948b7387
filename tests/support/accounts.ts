import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as configurePlatform } from "@/app/api/setup/platform/route";
import { POST as createSuperAdmin } from "@/app/api/setup/superadmin/route";
import { POST as createUser } from "@/app/api/users/route";
import { call } from "./api";
import { SETUP_CODE_HEADERS } from "./setup-code";

export const SUPER_ADMIN = {
  email: "owner@club.example",
  username: "owner",
  password: "Strong-Passw0rd!",
  firstName: "Olga",
  lastName: "Owner",
};

/** Runs first-run setup on an empty database; returns the super-admin's access token. */
export async function completeSetup(): Promise<string> {
  await call(configurePlatform, {
    path: "/api/setup/platform",
    headers: SETUP_CODE_HEADERS,
    body: { platformName: "Test Club" },
  });
  const reply = await call(createSuperAdmin, {
    path: "/api/setup/superadmin",
    headers: SETUP_CODE_HEADERS,
    body: SUPER_ADMIN,
  });
  if (reply.status !== 201) throw new Error(`setup failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return String(reply.body.accessToken);
}

export async function loginAs(email: string, password: string): Promise<string> {
  const reply = await call(login, { path: "/api/auth/login", body: { email, password } });
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return String(reply.body.accessToken);
}

export type Account = { id: string; email: string; password: string; token: string };

let sequence = 0;

/** A staff-created account with `roles`, its temporary password already replaced; signed in. */
export async function createAccount(adminToken: string, roles: string[]): Promise<Account> {
  sequence += 1;
  const email = `staff${sequence}@club.example`;
  const temporary = `Temporary-Pass${sequence}x`;
  const created = await call(createUser, {
    path: "/api/users",
    token: adminToken,
    body: { email, username: `staff${sequence}`, firstName: "Sam", lastName: "Staff", password: temporary, roles },
  });
  if (created.status !== 201) throw new Error(`user not created: ${created.status} ${JSON.stringify(created.body)}`);
  const password = `Chosen-Passw0rd${sequence}`;
  const changed = await call(changePassword, {
    path: "/api/auth/change-password",
    token: await loginAs(email, temporary),
    body: { currentPassword: temporary, newPassword: password },
  });
  if (changed.status !== 200)
    throw new Error(`password not changed: ${changed.status} ${JSON.stringify(changed.body)}`);
  return { id: String(created.body.id), email, password, token: String(changed.body.accessToken) };
}
