import { Button, Link, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { resetPasswordSchema } from "../../../schema/api/auth";
import { useAuth } from "../../lib/auth-context";
import { notify } from "../../components/ui/toaster";
import { useAuthActions } from "./auth-actions";
import { DevOutboxHint } from "./dev-outbox-hint";
import { AuthLayout } from "./auth-layout";
import { authErrorText } from "./errors";
import { EmailField, FormStack } from "./text-field";

export default function ResetPasswordPage() {
  const actions = useAuthActions();
  const { authConfig } = useAuth();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await actions.sendPasswordReset(email);
    } catch (err) {
      notify.error(authErrorText(err, "Failed to send reset email"));
      return;
    }
    notify.success("Check your email for the password reset link");
    // Clerk mails a code: the next screen asks for it together with the new password.
    if (actions.resetUsesCode) navigate(`/auth/update-password?email=${encodeURIComponent(email)}`);
    else setSentTo(email);
  });

  return (
    <AuthLayout title="Reset your password" subtitle="We'll email you a link to choose a new password">
      <FormStack onSubmit={onSubmit}>
        <EmailField registration={register("email")} error={errors.email?.message} />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Sending...">
          Send reset link
        </Button>
      </FormStack>
      {sentTo && (
        <Text fontSize="sm" color="fg.muted" role="status">
          If an account exists for {sentTo}, a reset link is on its way.
          {authConfig?.devOutbox && <DevOutboxHint />}
        </Text>
      )}
      <Text fontSize="sm" textAlign="center" color="fg.muted">
        Remembered it?{" "}
        <Link asChild color="brand.fg">
          <RouterLink to="/login">Back to sign in</RouterLink>
        </Link>
      </Text>
    </AuthLayout>
  );
}
