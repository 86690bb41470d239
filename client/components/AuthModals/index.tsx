import { Modal } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { LoginForm } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";
import { openAuth, useAuthView } from "./store";

export { openAuth } from "./store";

/** Login, registration and forgot-password dialogs, opened from anywhere with openAuth(). */
export function AuthModals() {
  const { t } = useLingui();
  const view = useAuthView();
  const titles = { login: t`Log in`, register: t`Register as an organiser`, forgot: t`Forgot password` };
  return (
    <Modal opened={view !== null} onClose={() => openAuth(null)} title={view ? titles[view] : ""} centered size={view === "register" ? "lg" : "md"}>
      {view === "login" && <LoginForm />}
      {view === "register" && <RegisterForm />}
      {view === "forgot" && <ForgotPasswordForm />}
    </Modal>
  );
}
