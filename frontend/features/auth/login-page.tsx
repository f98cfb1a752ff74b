import { Alert, Button, Link, Spinner, Stack, Text, HStack, Field, Input } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { isLoginFormError, loginErrors, NOT_VERIFIED_MESSAGE, type LoginErrors, type LoginFormError } from "../../../schema/api/auth-rules";
import { remembered, useAuth } from "../../lib/auth-context";
import { notify } from "../../components/ui/toaster";
import { ERRORS } from "../../../schema/api/errors";
import { ApiRequestError } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { useAuthActions } from "./auth-actions";
import { DevOutboxHint } from "./dev-outbox-hint";
import { AuthLayout, OrDivider } from "./auth-layout";
import { authErrorText, POST_LOGIN_DELAY_MS, sleep } from "./errors";
import { GoogleButton } from "./google-button";
import { EmailField, FormStack, TextField } from "./text-field";

type FromState = { from?: string } | null;

// What a form post that came back says (/login?error=<code>, worker/routes/auth.ts, decision 326):
// the toast the app's own sign-in shows for the same failure (PasswordForm's onSubmit), and for
// email_not_verified the verification notice instead (no toast).
const SIGN_IN_FAILED = "Invalid email or password";
function formErrorText(code: LoginFormError): string | null {
  if (code === "email_not_verified") return null;
  if (code === "rate_limited") return ERRORS.rate_limited.message;
  // Clerk signs in here, not the built-in form: nothing the visitor typed was wrong.
  if (code === "clerk_enabled") return ERRORS.internal.message;
  return SIGN_IN_FAILED;
}

/** Whether the project this browser opens on (the remembered one, else the first) has not seen the tour yet. */
async function needsTour(): Promise<boolean> {
  try {
    // Loaded here, on the mailed link's path only: not part of /login's initial JS (decision 300).
    const { listProjects } = await import("../../lib/api/projects");
    const list = await listProjects();
    const current = list.find((p) => p.id === remembered()) ?? list[0];
    return !!current && !current.has_seen_onboarding;
  } catch {
    return false; // the dashboard then, as before
  }
}

// A magic token is single-use: StrictMode's double effect (or a re-render) must not spend it twice.
const verifiedTokens = new Set<string>();

/** Password sign-in of an address not verified yet: say so, and offer the verification mail again. */
function VerifyEmailNotice({ email, message }: { email: string; message: string }) {
  const actions = useAuthActions();
  const { authConfig } = useAuth();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const resend = async () => {
    if (!actions.resendVerification) return;
    setBusy(true);
    try {
      await actions.resendVerification(email);
      notify.success("Check your email for the verification link");
      setSent(true);
    } catch (err) {
      notify.error(authErrorText(err, "Failed to send verification email"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert.Root status="info" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Verify your email</Alert.Title>
        <Alert.Description>
          {message}
          {sent && (
            <>
              {" "}
              We sent a new link to {email}.{authConfig?.devOutbox && <DevOutboxHint />}
            </>
          )}
        </Alert.Description>
        {actions.resendVerification && email && (
          <Button mt="2" size="sm" variant="outline" loading={busy} loadingText="Sending..." onClick={() => void resend()}>
            Send verification email again
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

// Where the pre-rendered form posts before the app has started (decision 326); once hydrated the
// form signs in through `actions` instead (onSubmit prevents the native post).
const FORM_ACTION = "/api/auth/login/form";

/** The form's fields as typed: they are uncontrolled, so text typed before hydration is kept. */
function formValues(form: HTMLFormElement | null): { email: string; password: string } {
  const data = form ? new FormData(form) : null;
  return { email: String(data?.get("email") ?? ""), password: String(data?.get("password") ?? "") };
}

function PasswordForm({
  defaultEmail,
  onEmail,
  onSignedIn,
  notVerified,
  formRef: form,
}: {
  defaultEmail: string;
  onEmail: (e: string) => void;
  onSignedIn: () => Promise<void>;
  /** The form post came back with email_not_verified (/login?error=...): no address in the URL. */
  notVerified: boolean;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const actions = useAuthActions();
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  const [email, setEmail] = useState(defaultEmail);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  // After hydration, not in it: the pre-rendered form has no notice (decision 205).
  useEffect(() => {
    if (notVerified) setUnverified({ email: "", message: NOT_VERIFIED_MESSAGE });
  }, [notVerified]);

  // An address typed before hydration is the address (the magic-link mode and the notice use it).
  useEffect(() => {
    const typed = formValues(form.current).email;
    if (typed) {
      setEmail(typed);
      onEmail(typed);
    }
    // Once, on mount: later typing arrives through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (field: "email" | "password") => (value: string) => {
    if (field === "email") {
      setEmail(value);
      onEmail(value);
    }
    // Like react-hook-form's default: validate on submit, then re-validate as the user types.
    if (submitted) setErrors(loginErrors(formValues(form.current)));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    setSubmitted(true);
    const found = loginErrors(values);
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    setUnverified(null);
    try {
      await actions.signIn(values.email.trim(), values.password);
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === "email_not_verified") {
        setUnverified({ email: values.email.trim(), message: err.message });
        setBusy(false);
        return;
      }
      notify.error(authErrorText(err, SIGN_IN_FAILED));
      setBusy(false);
      return;
    }
    await onSignedIn();
  };

  return (
    <FormStack onSubmit={(e) => void onSubmit(e)} action={actions.provider === "builtin" ? FORM_ACTION : undefined} formRef={form}>
      {unverified && <VerifyEmailNotice email={unverified.email || email.trim()} message={unverified.message} />}
      <EmailField name="email" defaultValue={defaultEmail} onChange={change("email")} error={errors.email} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        name="password"
        defaultValue=""
        onChange={change("password")}
        error={errors.password}
      />
      <Button type="submit" colorPalette="brand" loading={busy} loadingText="Signing in...">
        Sign in
      </Button>
    </FormStack>
  );
}

function MagicLinkForm({ defaultEmail, onEmail, focus }: { defaultEmail: string; onEmail: (e: string) => void; focus: boolean }) {
  const actions = useAuthActions();
  const { authConfig } = useAuth();
  const [email, setEmail] = useState(defaultEmail);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    setBusy(true);
    try {
      await actions.sendMagicLink(email.trim());
      notify.success("Check your email for the magic link!");
      setSentTo(email.trim());
    } catch (err) {
      notify.error(authErrorText(err, "Failed to send magic link"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormStack onSubmit={(e) => void onSubmit(e)}>
      <Field.Root>
        <Field.Label>Email</Field.Label>
        <Input
          type="email"
          autoFocus={focus}
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            onEmail(e.target.value);
          }}
        />
      </Field.Root>
      <Button type="submit" colorPalette="brand" disabled={!email.trim()} loading={busy} loadingText="Sending...">
        Send magic link
      </Button>
      {sentTo && (
        <Text fontSize="sm" color="fg.muted" role="status">
          We sent a sign-in link to {sentTo}.{authConfig?.devOutbox && <DevOutboxHint />}
        </Text>
      )}
    </FormStack>
  );
}

export default function LoginPage() {
  const actions = useAuthActions();
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<"password" | "magic">("password");
  const [email, setEmail] = useState("");
  const magicToken = params.get("magic");
  const [verifying, setVerifying] = useState(Boolean(magicToken));
  const hydrated = useHydrated();
  const passwordForm = useRef<HTMLFormElement>(null);
  const [focusEmail, setFocusEmail] = useState(false);
  // The form post's failure, read once: the query is dropped once it has been said.
  const [formError] = useState(() => params.get("error"));
  const formErrorShown = useRef(false);

  const here = useRef({ mounted: true, path: location.pathname });
  useEffect(() => {
    here.current.path = location.pathname;
  }, [location.pathname]);
  useEffect(() => {
    const ref = here.current;
    ref.mounted = true;
    return () => {
      ref.mounted = false;
    };
  }, []);
  const from = (location.state as FromState)?.from;

  // After sign-in: wait 500 ms, load the session (the PublicOnly guard then leaves /login for the
  // remembered page or /dashboard), and go to the same place ourselves if we are still here.
  const onSignedIn = useCallback(
    async (to?: string) => {
      await sleep(POST_LOGIN_DELAY_MS);
      await refresh();
      if (here.current.mounted && here.current.path === "/login") navigate(to ?? (from && from !== "/login" ? from : "/dashboard"), { replace: true });
    },
    [refresh, navigate, from],
  );

  useEffect(() => {
    if (!magicToken || verifiedTokens.has(magicToken)) return;
    verifiedTokens.add(magicToken);
    void (async () => {
      try {
        await actions.verifyMagicLink(magicToken);
      } catch (err) {
        notify.error(err instanceof Error && err.message ? err.message : "This sign-in link is invalid or has expired");
        setVerifying(false);
        navigate("/login", { replace: true });
        return;
      }
      // First run (decision 290): the verification link of a new account (any mailed link into a
      // project that has not seen the tour) lands in the tour, not on the dashboard. The guard
      // that leaves /login once the session is known goes where the location's state says.
      if (await needsTour()) {
        navigate("/login", { replace: true, state: { from: "/welcome" } });
        await onSignedIn("/welcome");
      } else await onSignedIn();
    })();
  }, [magicToken, actions, onSignedIn, navigate]);

  useEffect(() => {
    if (!formError || formErrorShown.current) return;
    formErrorShown.current = true; // StrictMode runs effects twice
    const text = isLoginFormError(formError) ? formErrorText(formError) : null;
    if (text) notify.error(text);
    navigate("/login", { replace: true }); // a reload does not say it again
  }, [formError, navigate]);

  useEffect(() => {
    if (actions.completeRedirect && params.has("sso")) {
      actions.completeRedirect().catch(() => notify.error("Failed to sign in with Google"));
    }
  }, [actions, params]);

  const toggleMode = () => {
    // An address typed before hydration reached no handler (and this press may be the held one,
    // lib/early-clicks.ts, before the form's own effects): take it from the field itself.
    const typed = mode === "password" ? formValues(passwordForm.current).email : "";
    if (typed) setEmail(typed);
    // Someone typing into the address while the held press switches the form keeps typing there.
    setFocusEmail(mode === "password" && Boolean(passwordForm.current?.contains(document.activeElement)));
    setMode(mode === "password" ? "magic" : "password");
  };

  // The pre-rendered /login is the sign-in form: hydration renders exactly that whatever the query
  // says (decision 205: React error #418 on /login?magic=...), then the verification view takes over.
  if (verifying && hydrated) {
    return (
      <AuthLayout title="Signing you in...">
        <HStack justify="center" role="status">
          <Spinner color="brand.solid" />
          <Text>Checking your sign-in link...</Text>
        </HStack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to manage your brand's social media">
      {mode === "password" ? (
        <PasswordForm defaultEmail={email} onEmail={setEmail} onSignedIn={onSignedIn} notVerified={formError === "email_not_verified"} formRef={passwordForm} />
      ) : (
        <MagicLinkForm defaultEmail={email} onEmail={setEmail} focus={focusEmail} />
      )}
      <Button variant="ghost" size="sm" onClick={toggleMode}>
        {mode === "password" ? "Use magic link" : "Use password instead"}
      </Button>
      <OrDivider />
      <GoogleButton actions={actions} label="Sign in with Google" />
      <Stack gap="2" fontSize="sm" textAlign="center">
        <Link asChild color="brand.fg">
          <RouterLink to="/reset-password">Forgot your password?</RouterLink>
        </Link>
        <Text color="fg.muted">
          Don&apos;t have an account?{" "}
          <Link asChild color="brand.fg">
            <RouterLink to="/signup">Sign up</RouterLink>
          </Link>
        </Text>
        <Link asChild color="fg.muted">
          <RouterLink to="/privacy#data-deletion">Data Deletion</RouterLink>
        </Link>
      </Stack>
    </AuthLayout>
  );
}
