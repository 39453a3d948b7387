"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { publicApi } from "@/console/api-client";
import { signInErrorMessage } from "@/console/sign-in-errors";
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

const STEPS: readonly { id: Step; label: string }[] = [
  { id: "platform", label: "Your club" },
  { id: "administrator", label: "Administrator" },
  { id: "signing-in", label: "Sign in" },
];

function StepIndicator({ current }: { current: Step }) {
  const currentIndex = STEPS.findIndex((step) => step.id === current);
  return (
    <ol className="steps" aria-label="Setup progress">
      {STEPS.map((step, index) => {
        const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "upcoming";
        return (
          <li key={step.id} data-state={state} aria-current={state === "current" ? "step" : undefined}>
            <span>{step.label}</span>
            {state === "done" && <span className="visually-hidden"> (done)</span>}
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

const PLATFORM_LABELS = { platformName: "Club name", platformDescription: "Description (optional)" };

function PlatformStep({
  initial,
  onSaved,
}: {
  initial: PlatformSettings | null;
  onSaved: (settings: PlatformSettings) => void;
}) {
  const form = useFormMutation(publicApi.setup.platform, { onSuccess: onSaved });
  return (
    <>
      <StepHeading>Welcome to ClubOps</StepHeading>
      <p className="page-lead">
        Two short steps set up this installation: name your club, then create its first administrator.
      </p>
      <ConsoleForm
        labels={PLATFORM_LABELS}
        failure={form.failure}
        onSubmit={(data) =>
          form.submit({
            platformName: textOf(data, "platformName"),
            platformDescription: textOf(data, "platformDescription") || undefined,
          })
        }
      >
        <TextField name="platformName" defaultValue={initial?.platformName} autoComplete="organization" />
        <TextAreaField
          name="platformDescription"
          defaultValue={initial?.platformDescription ?? undefined}
          hint="A line about your club, shown to staff in the console."
          rows={3}
        />
        <div className="form-actions">
          <SubmitButton pending={form.pending}>Continue</SubmitButton>
        </div>
      </ConsoleForm>
    </>
  );
}

type Credentials = { email: string; password: string };

const ADMIN_LABELS = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  username: "Username",
  password: "Password",
  confirmPassword: "Confirm password",
};

function AdministratorStep({
  clubName,
  passwordHint,
  onBack,
  onCreated,
}: {
  clubName: string;
  passwordHint: string;
  onBack: () => void;
  onCreated: (credentials: Credentials, setupToken: string) => void;
}) {
  const form = useFormMutation(publicApi.setup.superAdmin, {
    onSuccess: (session, account) =>
      onCreated({ email: account.email, password: account.password }, session.accessToken),
  });
  const submit = (data: FormData) => {
    const refusal = newPasswordRefusal(data, Object.keys(ADMIN_LABELS), "password", "confirmPassword");
    if (refusal) return form.refuse(refusal);
    form.submit({
      firstName: textOf(data, "firstName"),
      lastName: textOf(data, "lastName"),
      email: textOf(data, "email"),
      username: textOf(data, "username"),
      password: secretOf(data, "password"),
    });
  };
  return (
    <>
      <StepHeading>Create the super-administrator</StepHeading>
      <p className="page-lead">
        This account runs <strong>{clubName}</strong> and can do everything. You can add more staff once you are in.
      </p>
      <ConsoleForm labels={ADMIN_LABELS} failure={form.failure} onSubmit={submit}>
        <div className="form-row">
          <TextField name="firstName" autoComplete="given-name" />
          <TextField name="lastName" autoComplete="family-name" />
        </div>
        <TextField name="email" type="email" autoComplete="email" />
        <TextField
          name="username"
          autoComplete="username"
          hint="3 to 50 letters, digits, dots, dashes or underscores."
        />
        <NewPasswordFields name="password" confirmation="confirmPassword" hint={passwordHint} />
        <div className="form-actions">
          <button type="button" className="button" onClick={onBack}>
            Back
          </button>
          <SubmitButton pending={form.pending} pendingLabel="Creating…">
            Create and sign in
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
        <p className="error-summary-title">Your club is set up, but signing in failed: {failure}</p>
        <p>
          <Link href="/login">Go to the sign-in page</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <StepHeading>All set</StepHeading>
      <p role="status" className="page-lead">
        Signing you in…
      </p>
    </>
  );
}

export function SetupWizard({
  initialPlatform,
  passwordHint,
}: {
  initialPlatform: PlatformSettings | null;
  passwordHint: string;
}) {
  const [step, setStep] = useState<Step>("platform");
  const [settings, setSettings] = useState(initialPlatform);
  const [created, setCreated] = useState<{ credentials: Credentials; setupToken: string } | null>(null);
  return (
    <div className="auth-card auth-card-wide">
      <StepIndicator current={step} />
      {step === "platform" && (
        <PlatformStep
          initial={settings}
          onSaved={(saved) => {
            setSettings(saved);
            setStep("administrator");
          }}
        />
      )}
      {step === "administrator" && (
        <AdministratorStep
          clubName={settings?.platformName ?? "your club"}
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
