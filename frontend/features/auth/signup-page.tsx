import { Button, Link, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { signupSchema } from "../../../schema/api/auth";
import { notify } from "../../components/ui/toaster";
import { ApiRequestError } from "../../lib/api";
import { useAuthActions } from "./auth-actions";
import { AuthLayout, OrDivider } from "./auth-layout";
import { authErrorText } from "./errors";
import { GoogleButton } from "./google-button";
import { EmailField, FormStack, NewPasswordFields } from "./text-field";

type SignupValues = { email: string; password: string; confirmPassword: string };
const FIELDS = ["email", "password", "confirmPassword"] as const;

export default function SignupPage() {
  const actions = useAuthActions();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({ resolver: zodResolver(signupSchema), defaultValues: { email: "", password: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await actions.signUp(email, password);
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) {
        for (const f of FIELDS) if (err.fields[f]) setError(f, { message: err.fields[f] });
      }
      notify.error(authErrorText(err, "Something went wrong. Please try again."));
      return;
    }
    notify.success("Account created! Please check your email to verify your account.");
    navigate("/login", { replace: true });
  });

  return (
    <AuthLayout title="Create your account" subtitle="Put your brand's social media on autopilot">
      <FormStack onSubmit={onSubmit}>
        <EmailField registration={register("email")} error={errors.email?.message} />
        <NewPasswordFields
          label="Password"
          confirmLabel="Confirm password"
          password={{ registration: register("password"), error: errors.password?.message }}
          confirm={{ registration: register("confirmPassword"), error: errors.confirmPassword?.message }}
        />
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Creating account...">
          Create account
        </Button>
      </FormStack>
      <OrDivider />
      <GoogleButton actions={actions} label="Sign up with Google" />
      <Stack gap="2" fontSize="sm" textAlign="center">
        <Text color="fg.muted">
          By signing up you agree to our{" "}
          <Link asChild color="brand.fg">
            <RouterLink to="/terms">Terms of Service</RouterLink>
          </Link>{" "}
          and{" "}
          <Link asChild color="brand.fg">
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </Link>
          .
        </Text>
        <Text color="fg.muted">
          Already have an account?{" "}
          <Link asChild color="brand.fg">
            <RouterLink to="/login">Sign in</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
