"use client";

import { useTranslations } from "next-intl";
import { Checkbox, ChoiceFieldset } from "@/console/ui/forms";
import { WILDCARD } from "@/lib/roles/permissions";
import { byArea, unknownPermissions } from "./permission-areas";

/**
 * What a role allows, as checkboxes of sentences grouped by area, each area with a box that selects all of it; the
 * wildcard ("Everything") stands apart, since it also grants what later versions add.
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
  const t = useTranslations("roles");
  const toggle = (permissions: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const permission of permissions) {
      if (on) next.add(permission);
      else next.delete(permission);
    }
    onChange(next);
  };
  const unknown = unknownPermissions(available);
  const groups: [string, { code: string; sentence: string }[]][] = [
    ...byArea(available).map(
      ([area, permissions]) =>
        [t(`areas.${area}`), permissions.map((code) => ({ code, sentence: t(`permissions.${code}`) }))] as [
          string,
          { code: string; sentence: string }[],
        ],
    ),
    ...(unknown.length > 0
      ? [
          [t("picker.unknownArea"), unknown.map((code) => ({ code, sentence: code }))] as [
            string,
            { code: string; sentence: string }[],
          ],
        ]
      : []),
  ];
  return (
    <ChoiceFieldset name="permissions" hint={locked ? t("picker.lockedHint") : t("picker.hint")}>
      {available.includes(WILDCARD) && (
        <div className="permission-wildcard">
          <Checkbox
            label={t("picker.everything")}
            description={t("picker.everythingDescription")}
            checked={selected.has(WILDCARD)}
            disabled={locked}
            onChange={(event) => toggle([WILDCARD], event.target.checked)}
          />
        </div>
      )}
      <div className="permission-groups">
        {groups.map(([area, permissions]) => {
          const codes = permissions.map((permission) => permission.code);
          const chosen = codes.filter((code) => selected.has(code)).length;
          return (
            <fieldset key={area} className="permission-group">
              <legend>{area}</legend>
              <Checkbox
                label={t("picker.all", { area })}
                checked={chosen === codes.length}
                ref={(box) => {
                  if (box) box.indeterminate = chosen > 0 && chosen < codes.length;
                }}
                disabled={locked}
                onChange={(event) => toggle(codes, event.target.checked)}
              />
              {permissions.map(({ code, sentence }) => (
                <Checkbox
                  key={code}
                  label={sentence}
                  checked={selected.has(code)}
                  disabled={locked}
                  onChange={(event) => toggle([code], event.target.checked)}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
