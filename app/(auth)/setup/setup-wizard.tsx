"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { publicApi } from "@/console/api-client";
import { rememberLanguage } from "@/console/language-cookie";
import { signInErrorMessage } from "@/console/sign-in-errors";
import { ClubLocaleFields, type ClubLocaleValues, clubLocaleOf } from "@/console/ui/club-locale-fields";
import {
  ConsoleForm,
  NewPasswordFields,
  newPasswordRefusal,
  SubmitButton,
  secretOf,
  TextAreaField,
  TextField,
  textOf,
  useFormMutation,
} from "@/console/ui/forms";
import type { PlatformSettings } from "@/lib/settings/platform-settings";

type Step = "platform" | "administrator" | "signing-in";

const STEPS: readonly { id: Step; label: "platform" | "administrator" | "signingIn" }[] = [
  { id: "platform", label: "platform" },
  { id: "administrator", label: "administrator" },
  { id: "signing-in", label: "signingIn" },
];

function StepIndicator({ current }: { current: Step }) {
  const t = useTranslations("settings.setup");
  const currentIndex = STEPS.findIndex((step) => step.id === current);
  return (
    <ol className="steps" aria-label={t("progress")}>
      {STEPS.map((step, index) => {
        const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "upcoming";
        return (
          <li key={step.id} data-state={state} aria-current={state === "current" ? "step" : undefined}>
            <span>{t(`steps.${step.label}`)}</span>
            {state === "done" && <span className="visually-hidden"> {t("done")}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** Each step's heading takes focus when it appears, so screen readers follow the wizard. */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

type ClubSetup = PlatformSettings & Partial<ClubLocaleValues>;

/** A wrong or missing setup code is said beside its field. */
const SETUP_CODE_FIELD = { "Setup.CodeRequired": "setupCode" } as const;

function PlatformStep({
  initial,
  setupCode,
  locale,
  onSaved,
}: {
  initial: ClubSetup | null;
  /** As the server's link carried it, or as typed before going back a step. */
  setupCode: string;
  locale: ClubLocaleValues;
  onSaved: (settings: ClubSetup, setupCode: string) => void;
}) {
  const t = useTranslations("settings");
  const router = useRouter();
  const form = useFormMutation(publicApi.setup.platform, {
    onSuccess: (saved, sent) => onSaved(saved, sent.setupCode),
    codeFields: SETUP_CODE_FIELD,
  });
  const labels = {
    setupCode: t("setup.setupCode"),
    platformName: t("fields.clubName"),
    platformDescription: t("fields.description"),
    language: t("fields.language"),
    timeZone: t("fields.timeZone"),
    currency: t("fields.currency"),
  };
  return (
    <>
      <StepHeading>{t("setup.welcome")}</StepHeading>
      <p className="page-lead">{t("setup.lead")}</p>
      <ConsoleForm
        labels={labels}
        failure={form.failure}
        onSubmit={(data) =>
          form.submit({
            setupCode: textOf(data, "setupCode"),
            platformName: textOf(data, "platformName"),
            platformDescription: textOf(data, "platformDescription") || undefined,
            ...clubLocaleOf(data),
          })
        }
      >
        <TextField
          name="setupCode"
          defaultValue={setupCode}
          autoComplete="one-time-code"
          spellCheck={false}
          hint={t("setup.setupCodeHint")}
        />
        <TextField name="platformName" defaultValue={initial?.platformName} autoComplete="organization" />
        <TextAreaField
          name="platformDescription"
          defaultValue={initial?.platformDescription ?? undefined}
          hint={t("fields.descriptionHint")}
          rows={3}
        />
        <ClubLocaleFields
          initial={{ ...locale, ...initial }}
          onLanguageChange={(language) => {
            // The wizard speaks the language as soon as it is picked; what was typed stays.
            rememberLanguage(language);
            router.refresh();
          }}
        />
        <div className="form-actions">
          <SubmitButton pending={form.pending}>{t("setup.continue")}</SubmitButton>
        </div>
      </ConsoleForm>
    </>
  );
}

type Credentials = { email: string; password: string };

const ADMIN_FIELDS = ["firstName", "lastName", "email", "username", "password", "confirmPassword"] as const;

function AdministratorStep({
  clubName,
  setupCode,
  passwordHint,
  onBack,
  onCreated,
}: {
  clubName: string;
  setupCode: string;
  passwordHint: string;
  onBack: () => void;
  onCreated: (credentials: Credentials, setupToken: string) => void;
}) {
  const t = useTranslations("settings.setup");
  const labels = Object.fromEntries(ADMIN_FIELDS.map((field) => [field, t(field)]));
  const form = useFormMutation(publicApi.setup.superAdmin, {
    onSuccess: (session, account) =>
      onCreated({ email: account.email, password: account.password }, session.accessToken),
  });
  const submit = (data: FormData) => {
    const refusal = newPasswordRefusal(data, [...ADMIN_FIELDS], "password", "confirmPassword");
    if (refusal) return form.refuse(refusal);
    form.submit({
      setupCode,
      firstName: textOf(data, "firstName"),
      lastName: textOf(data, "lastName"),
      email: textOf(data, "email"),
      username: textOf(data, "username"),
      password: secretOf(data, "password"),
    });
  };
  return (
    <>
      <StepHeading>{t("administratorTitle")}</StepHeading>
      <p className="page-lead">
        {t.rich("administratorLead", { clubName, strong: (text) => <strong>{text}</strong> })}
      </p>
      <ConsoleForm labels={labels} failure={form.failure} onSubmit={submit}>
        <div className="form-row">
          <TextField name="firstName" autoComplete="given-name" />
          <TextField name="lastName" autoComplete="family-name" />
        </div>
        <TextField name="email" type="email" autoComplete="email" />
        <TextField name="username" autoComplete="username" hint={t("usernameHint")} />
        <NewPasswordFields name="password" confirmation="confirmPassword" hint={passwordHint} />
        <div className="form-actions">
          <button type="button" className="button" onClick={onBack}>
            {t("back")}
          </button>
          <SubmitButton pending={form.pending} pendingLabel={t("creating")}>
            {t("createAndSignIn")}
          </SubmitButton>
        </div>
      </ConsoleForm>
    </>
  );
}

/**
 * Signs the console in with the new account, then ends the session the setup endpoint opened
 * (its refresh cookie would otherwise stay valid, unused, for weeks).
 */
function SigningIn({ credentials, setupToken }: { credentials: Credentials; setupToken: string }) {
  const t = useTranslations("settings.setup");
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const result = await signIn("credentials", { ...credentials, redirect: false });
      await publicApi.auth.logout(setupToken).catch(() => undefined);
      if (result?.ok) {
        router.replace("/");
        router.refresh();
      } else {
        setFailure(signInErrorMessage(result?.error ?? ""));
      }
    })();
  }, [credentials, setupToken, router]);
  if (failure) {
    return (
      <div className="error-summary" role="alert">
        <p className="error-summary-title">{t("signInFailed", { reason: failure })}</p>
        <p>
          <Link href="/login">{t("goToSignIn")}</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <StepHeading>{t("allSet")}</StepHeading>
      <p role="status" className="page-lead">
        {t("signingIn")}
      </p>
    </>
  );
}

export function SetupWizard({
  initialPlatform,
  initialSetupCode,
  locale,
  passwordHint,
}: {
  initialPlatform: ClubSetup | null;
  /** The `code` of the link the server printed at start, if the wizard was opened from it. */
  initialSetupCode: string;
  /** What the club's fields offer first: the page's language, the configured time zone and currency. */
  locale: ClubLocaleValues;
  passwordHint: string;
}) {
  const t = useTranslations("settings.setup");
  const [step, setStep] = useState<Step>("platform");
  const [settings, setSettings] = useState(initialPlatform);
  const [setupCode, setSetupCode] = useState(initialSetupCode);
  const [created, setCreated] = useState<{ credentials: Credentials; setupToken: string } | null>(null);
  return (
    <div className="auth-card auth-card-wide">
      <StepIndicator current={step} />
      {step === "platform" && (
        <PlatformStep
          initial={settings}
          setupCode={setupCode}
          locale={locale}
          onSaved={(saved, code) => {
            setSettings(saved);
            setSetupCode(code);
            setStep("administrator");
          }}
        />
      )}
      {step === "administrator" && (
        <AdministratorStep
          clubName={settings?.platformName ?? t("yourClub")}
          setupCode={setupCode}
          passwordHint={passwordHint}
          onBack={() => setStep("platform")}
          onCreated={(credentials, setupToken) => {
            setCreated({ credentials, setupToken });
            setStep("signing-in");
          }}
        />
      )}
      {step === "signing-in" && created && (
        <SigningIn credentials={created.credentials} setupToken={created.setupToken} />
      )}
    </div>
  );
}
