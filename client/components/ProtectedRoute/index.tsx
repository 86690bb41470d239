import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "wouter";
import type { Role } from "../../../shared/enums";
import { homePathFor, useUserInfo } from "../../lib/session";
import { toast } from "../../lib/toast";

/**
 * SPEC §6: a protected route takes its allowed roles. Nobody signed in: "User is not
 * authenticated" and back to /. Signed in with another role: back to that role's own area.
 * The server checks every call again; this only steers the UI.
 */
export function ProtectedRoute({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useLingui();
  const info = useUserInfo();
  const [, navigate] = useLocation();
  const allowed = info !== null && roles.includes(info.user.role);

  useEffect(() => {
    if (!info) {
      toast.error(t`User is not authenticated`);
      navigate("~/", { replace: true });
    } else if (!roles.includes(info.user.role)) {
      toast.error(t`You do not have access to this area.`);
      navigate(`~${homePathFor(info)}`, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info?.user.id, info?.user.role]);

  return allowed ? <>{children}</> : null;
}
