"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useRef, useState } from "react";
import { endConsoleSession, useConsoleApi } from "@/console/api-client";
import { rememberLanguage } from "@/console/language-cookie";
import { useLanguageOptions } from "@/console/ui/club-locale-fields";
import type { ClubLanguage } from "@/lib/settings/languages";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** The user's own language: English, Spanish, or the club's (null), saved with their account and in the cookie. */
function LanguageChoice({
  saved,
  clubLanguage,
  onChosen,
}: {
  saved: ClubLanguage | null;
  clubLanguage: ClubLanguage;
  onChosen: () => void;
}) {
  const t = useTranslations("settings.account");
  const api = useConsoleApi();
  const router = useRouter();
  const languages = useLanguageOptions();
  const [chosen, setChosen] = useState(saved);
  const [failed, setFailed] = useState(false);
  const clubLabel = languages.find((option) => option.value === clubLanguage)?.label ?? clubLanguage;
  const choices = [...languages, { value: null, label: t("clubDefault", { language: clubLabel }) }];
  const choose = async (language: ClubLanguage | null) => {
    setFailed(false);
    try {
      await api.auth.setOwnLanguage({ language });
    } catch {
      setFailed(true);
      return;
    }
    setChosen(language);
    rememberLanguage(language);
    onChosen();
    router.refresh();
  };
  return (
    <li>
      <fieldset className="account-language">
        <legend className="account-section-title">{t("language")}</legend>
        {choices.map((choice) => (
          <button
            key={choice.value ?? "club"}
            type="button"
            aria-pressed={chosen === choice.value}
            onClick={() => void choose(choice.value)}
          >
            {choice.label}
          </button>
        ))}
        {failed && (
          <p role="alert" className="account-language-error">
            {t("languageFailed")}
          </p>
        )}
      </fieldset>
    </li>
  );
}

/** The signed-in user: who and in which role, with their language, password and sign-out at hand. Escape closes it. */
export function AccountMenu({
  name,
  email,
  role,
  language,
  clubLanguage,
}: {
  name: string;
  email: string;
  role: string | null;
  language: ClubLanguage | null;
  clubLanguage: ClubLanguage;
}) {
  const t = useTranslations("settings.account");
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const roleText = role ?? t("noRole");
  const close = () => {
    if (menu.current) menu.current.open = false;
    summary.current?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape" && menu.current?.open) close();
  };
  return (
    <details className="account-menu" ref={menu} onKeyDown={closeOnEscape}>
      <summary ref={summary} aria-label={t("label", { name, role: roleText })}>
        {/* Initials drawn by CSS: axe counts even aria-hidden text as visible text the name must contain. */}
        <span className="avatar" data-initials={initialsOf(name)} aria-hidden="true" />
        <span className="account-who">
          <span className="account-name">{name}</span> <span className="account-role">{roleText}</span>
        </span>
      </summary>
      <ul className="account-actions">
        <li className="account-email">{email}</li>
        <LanguageChoice saved={language} clubLanguage={clubLanguage} onChosen={close} />
        <li>
          <Link href="/change-password">{t("changePassword")}</Link>
        </li>
        <li>
          <Link href="/sign-ins">{t("signIns")}</Link>
        </li>
        <li>
          <button type="button" onClick={() => void endConsoleSession()}>
            {t("signOut")}
          </button>
        </li>
      </ul>
    </details>
  );
}
