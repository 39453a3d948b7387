import { businessError } from "@/lib/platform/result";

export const RoleErrors = {
  notFound: businessError("Role.NotFound", "not_found", "No role has that id."),
  duplicateName: businessError("Role.DuplicateName", "conflict", "A role with that name already exists."),
  builtIn: businessError(
    "Role.BuiltIn",
    "conflict",
    "Built-in roles cannot be renamed or deleted, and SuperAdmin keeps every permission.",
  ),
  inUse: businessError("Role.InUse", "conflict", "Users still hold this role; assign them another role first."),
  cannotGrant: businessError("Role.CannotGrant", "forbidden", "You can only grant permissions you hold yourself."),
} as const;
