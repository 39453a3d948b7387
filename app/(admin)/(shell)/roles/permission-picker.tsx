"use client";

import { Checkbox, ChoiceFieldset } from "@/console/ui/forms";

const WILDCARD = "*";
const words = (identifier: string) => identifier.replaceAll(/[-_]/g, " ");

/** `entity:action` permissions grouped by entity, in the order the API lists them. */
function groupsOf(permissions: readonly string[]): [entity: string, permissions: string[]][] {
  const groups = new Map<string, string[]>();
  for (const permission of permissions) {
    if (permission === WILDCARD) continue;
    const entity = permission.split(":")[0] ?? permission;
    groups.set(entity, [...(groups.get(entity) ?? []), permission]);
  }
  return [...groups];
}

/**
 * Permission checkboxes, one group per entity with a box that selects the whole group; the
 * wildcard stands apart, since it also grants permissions added later.
 */
export function PermissionPicker({
  available,
  selected,
  onChange,
  locked,
}: {
  available: readonly string[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  locked: boolean;
}) {
  const toggle = (permissions: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    onChange(next);
  };
  return (
    <ChoiceFieldset
      name="permissions"
      hint={locked ? "SuperAdmin always holds every permission." : "You can grant only permissions you hold yourself."}
    >
      {available.includes(WILDCARD) && (
        <div className="permission-wildcard">
          <Checkbox
            label="Full access (*)"
            description="Every permission, including any added in later versions."
            checked={selected.has(WILDCARD)}
            disabled={locked}
            onChange={(event) => toggle([WILDCARD], event.target.checked)}
          />
        </div>
      )}
      <div className="permission-groups">
        {groupsOf(available).map(([entity, permissions]) => {
          const chosen = permissions.filter((permission) => selected.has(permission)).length;
          return (
            <fieldset key={entity} className="permission-group">
              <legend>{words(entity)}</legend>
              <Checkbox
                label="All"
                checked={chosen === permissions.length}
                ref={(box) => {
                  if (box) box.indeterminate = chosen > 0 && chosen < permissions.length;
                }}
                disabled={locked}
                onChange={(event) => toggle(permissions, event.target.checked)}
              />
              {permissions.map((permission) => (
                <Checkbox
                  key={permission}
                  label={words(permission.slice(entity.length + 1))}
                  checked={selected.has(permission)}
                  disabled={locked}
                  onChange={(event) => toggle([permission], event.target.checked)}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
