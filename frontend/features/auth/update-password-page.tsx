import { Alert, Button, Link, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { updatePasswordSchema } from "../../../schema/api/auth";
import { useAuth } from "../../lib/auth-context";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError } from "../../lib/api";
import { useAuthActions } from "./auth-actions";
import { AuthLayout } from "./auth-layout";
import { FormStack, NewPasswordFields, TextField } from "./text-field";

type Values = { password: string; confirmPassword: string; code?: string; currentPassword?: string };

export default function UpdatePasswordPage() {
  const actions = useAuthActions();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? undefined;
  const email = params.get("email") ?? undefined;
  const { user } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  const [currentError, setCurrentError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(updatePasswordSchema), defaultValues: { password: "", confirmPassword: "", code: "", currentPassword: "" } });
  // Signed in without a reset link: changing the password needs the current one (built-in accounts).
  const signedInChange = !token && !actions.resetUsesCode && Boolean(user);

  const onSubmit = handleSubmit(async ({ password, confirmPassword, currentPassword }) => {
    // The shared schema does not know Clerk's code field, so it is read from the raw form values.
    const code = getValues("code");
    setProblem(null);
    setCurrentError(undefined);
    try {
      await actions.updatePassword({
        password,
        confirmPassword,
        token,
        code: code || undefined,
        email,
        currentPassword: signedInChange ? currentPassword : undefined,
      });
    } catch (err) {
      notify.error("Failed to update password");
      if (err instanceof ApiRequestError && err.code === "invalid_token") setProblem(err.message);
      if (err instanceof ApiRequestError && err.fields?.currentPassword) setCurrentError(err.fields.currentPassword);
      return;
    }
    notify.success("Password updated successfully");
    navigate(signedInChange ? "/dashboard" : "/login", { replace: true });
  });

  const missingLink = !actions.resetUsesCode && !token && !signedInChange;

  return (
    <AuthLayout title="Choose a new password" subtitle="Enter your new password twice">
      {(missingLink || problem) && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            {problem ?? "Open this page from the link in your password reset email."}{" "}
            <Link asChild color="brand.fg">
              <RouterLink to="/reset-password">Request a new link</RouterLink>
            </Link>
          </Alert.Title>
        </Alert.Root>
      )}
      <FormStack onSubmit={onSubmit}>
        {actions.resetUsesCode && <TextField label="Code from the email" autoComplete="one-time-code" registration={register("code")} />}
        {signedInChange && (
          <TextField label="Current password" type="password" autoComplete="current-password" registration={register("currentPassword")} error={currentError} />
        )}
        <NewPasswordFields
          label="New password"
          confirmLabel="Confirm new password"
          password={{ registration: register("password"), error: errors.password?.message }}
          confirm={{ registration: register("confirmPassword"), error: errors.confirmPassword?.message }}
        />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Updating...">
          Update password
        </Button>
      </FormStack>
      <Text fontSize="sm" textAlign="center">
        <Link asChild color="brand.fg">
          <RouterLink to="/login">Back to sign in</RouterLink>
        </Link>
      </Text>
    </AuthLayout>
  );
}
