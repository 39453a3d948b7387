"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MemberInput, MemberRecord } from "@/console/club-api";
import { useLanguageOptions } from "@/console/ui/club-locale-fields";
import { FormDialog } from "@/console/ui/dialog";
import { SelectField, TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { StaleRecordReload } from "@/console/ui/stale-record";
import { CLUB_LANGUAGES } from "@/lib/settings/languages";
import {
  type PlanChoice,
  PlanChoiceFields,
  planCodeFields,
  prefixed,
  useMissingPlan,
  usePlanChoiceLabels,
} from "./plan-choice";

const MEMBER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "birthDate",
  "joinedOn",
  "language",
  "notes",
  "taxId",
  "address.line",
  "address.postalCode",
  "address.city",
  "address.province",
  "address.country",
] as const;
type MemberField = (typeof MEMBER_FIELDS)[number];

/** The labels of the member's fields, in the reader's language. */
function useMemberLabels(): Record<MemberField, string> {
  const t = useTranslations("members.form.labels");
  return Object.fromEntries(MEMBER_FIELDS.map((field) => [field, t(field)])) as Record<MemberField, string>;
}

/** The member's fields; `prefix` names them as the API reports their errors (`member.email` when enrolling). */
function MemberFields({ prefix = "", member }: { prefix?: string; member?: MemberRecord }) {
  const t = useTranslations("members.form.hints");
  const languages = useLanguageOptions();
  const name = (field: MemberField) => `${prefix}${field}`;
  return (
    <>
      <div className="form-row">
        <TextField name={name("firstName")} defaultValue={member?.firstName} autoComplete="off" />
        <TextField name={name("lastName")} defaultValue={member?.lastName} autoComplete="off" />
      </div>
      <div className="form-row">
        <TextField
          name={name("email")}
          type="email"
          defaultValue={member?.email}
          autoComplete="off"
          hint={t("email")}
        />
        <TextField
          name={name("phone")}
          type="tel"
          defaultValue={member?.phone ?? undefined}
          autoComplete="off"
          hint={t("phone")}
        />
      </div>
      <div className="form-row">
        <TextField
          name={name("birthDate")}
          type="date"
          defaultValue={member?.birthDate ?? undefined}
          hint={t("birthDate")}
        />
        <TextField
          name={name("joinedOn")}
          type="date"
          defaultValue={member?.joinedOn}
          hint={member ? t("joinedOnEdit") : t("joinedOnNew")}
        />
      </div>
      <SelectField
        name={name("language")}
        options={[{ value: "", label: t("clubLanguage") }, ...languages]}
        defaultValue={member?.language ?? ""}
        hint={t("language")}
      />
      <TextAreaField name={name("notes")} defaultValue={member?.notes ?? undefined} rows={2} maxLength={2000} />
      <fieldset className="form-section">
        <legend>{t("invoicing")}</legend>
        <TextField
          name={name("taxId")}
          defaultValue={member?.taxId ?? undefined}
          autoComplete="off"
          hint={t("taxId")}
        />
        <TextField
          name={name("address.line")}
          defaultValue={member?.address?.line}
          autoComplete="street-address"
          hint={t("address")}
        />
        <div className="form-row">
          <TextField
            name={name("address.postalCode")}
            defaultValue={member?.address?.postalCode}
            autoComplete="postal-code"
          />
          <TextField name={name("address.city")} defaultValue={member?.address?.city} autoComplete="address-level2" />
        </div>
        <div className="form-row">
          <TextField
            name={name("address.province")}
            defaultValue={member?.address?.province ?? undefined}
            autoComplete="address-level1"
          />
          <TextField
            name={name("address.country")}
            defaultValue={member?.address?.country ?? "ES"}
            autoComplete="country"
            hint={t("country")}
          />
        </div>
      </fieldset>
    </>
  );
}

/** The address as the API takes it: none when its line, postal code and city are all empty. */
function addressOf(text: (field: MemberField) => string): MemberInput["address"] {
  const [line, postalCode, city] = [text("address.line"), text("address.postalCode"), text("address.city")];
  if (!line && !postalCode && !city) return null;
  return {
    line,
    postalCode,
    city,
    province: text("address.province") || null,
    country: text("address.country") || "ES",
  };
}

/** The language chosen for the member's emails; none means the club's. */
const languageOf = (value: string) => CLUB_LANGUAGES.find((language) => language === value) ?? null;

/** The member as the API takes it: empty optional fields are cleared, an empty join date keeps (or defaults) it. */
function memberInputOf(data: FormData, prefix = ""): MemberInput {
  const text = (field: MemberField) => textOf(data, `${prefix}${field}`);
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone") || null,
    birthDate: text("birthDate") || null,
    joinedOn: text("joinedOn") || undefined,
    language: languageOf(text("language")),
    notes: text("notes") || null,
    taxId: text("taxId") || null,
    address: addressOf(text),
  };
}

export const memberPage = (member: Pick<MemberRecord, "id">) => `/members/${encodeURIComponent(member.id)}`;

/**
 * A new member (then their page), or changes to one (then `onDone` says so). Changes are sent with the version the
 * form was filled from; when someone else saved meanwhile, the dialog offers to reload the member, and the page keys
 * the dialog by version, so it starts again from what is now stored.
 */
export function MemberDialog({
  member,
  onClose,
  onDone,
}: {
  member: MemberRecord | null;
  onClose: () => void;
  onDone?: (notice: string) => void;
}) {
  const t = useTranslations("members.form");
  const api = useConsoleApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const labels = useMemberLabels();
  const form = useFormMutation(
    (input: MemberInput) => (member ? api.members.update(member.id, input, member.version) : api.members.create(input)),
    {
      codeFields: { "Member.DuplicateEmail": "email" },
      holdAfterSuccess: !member,
      onSuccess: (saved) => (member ? onDone?.(t("saved", { name: saved.fullName })) : router.push(memberPage(saved))),
    },
  );
  return (
    <FormDialog
      title={member ? t("editTitle", { name: member.fullName }) : t("newTitle")}
      wide
      labels={labels}
      form={form}
      onClose={onClose}
      submitLabel={member ? t("save") : t("create")}
      pendingLabel={member ? t("saving") : t("creating")}
      onSubmit={(data) => form.submit(memberInputOf(data))}
    >
      <MemberFields member={member ?? undefined} />
      <StaleRecordReload
        failure={form.failure}
        onReload={() => queryClient.invalidateQueries({ queryKey: ["members", "detail", member?.id] })}
      />
    </FormDialog>
  );
}

const ENROLL_CODE_FIELDS = { "Member.DuplicateEmail": "member.email", ...planCodeFields("subscription.") };

/** A new member and their first subscription at once (nothing is created if either is refused); then their page. */
export function EnrollDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("members.enroll");
  const api = useConsoleApi();
  const router = useRouter();
  const missingPlan = useMissingPlan();
  const labels = { ...prefixed("member.", useMemberLabels()), ...prefixed("subscription.", usePlanChoiceLabels()) };
  const [choice, setChoice] = useState<PlanChoice>({ planId: "", billingPeriod: "monthly" });
  const form = useFormMutation(api.members.enroll, {
    codeFields: ENROLL_CODE_FIELDS,
    holdAfterSuccess: true,
    precheck: (enrollment) => missingPlan(enrollment.subscription, "subscription."),
    onSuccess: (enrolled) => router.push(memberPage(enrolled.member)),
  });
  return (
    <FormDialog
      title={t("title")}
      wide
      labels={labels}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) =>
        form.submit({
          member: memberInputOf(data, "member."),
          subscription: { ...choice, autoRenew: data.has("subscription.autoRenew") },
        })
      }
    >
      <fieldset className="form-section">
        <legend>{t("memberSection")}</legend>
        <MemberFields prefix="member." />
      </fieldset>
      <fieldset className="form-section">
        <legend>{t("subscriptionSection")}</legend>
        <PlanChoiceFields
          prefix="subscription."
          value={choice}
          onChange={setChoice}
          autoRenew={{ defaultChecked: true }}
        />
      </fieldset>
    </FormDialog>
  );
}
