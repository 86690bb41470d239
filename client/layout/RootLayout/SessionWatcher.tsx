import { useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { EXPIRY_SIGNOUT_DELAY_MS } from "../../../shared/constants";
import { decodeSessionToken, isSessionTokenExpired } from "../../../shared/session-token";
import { clearUserInfo, getStoredToken, setUserInfo, useUserInfo } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

const CHECK_EVERY_MS = 5000;

/**
 * SPEC §4 session behaviour. A stored token whose `exp` has passed: the error toast, then after
 * 2000 ms the session is removed and the user sent to /. A token that cannot be decoded: removed
 * and sent to / at once. On start, the server is asked for a fresh token (or says the session is gone).
 */
export function SessionWatcher() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const [location, navigate] = useLocation();
  const expiring = useRef(false);
  const logout = useMutation(trpc.auth.logout.mutationOptions());

  // Ask the server only about a token that is still good; an expired or broken one is handled below.
  const decoded = info ? decodeSessionToken(info.token) : null;
  const isUsable = decoded?.ok === true && !isSessionTokenExpired(decoded.payload, Date.now());
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: isUsable, staleTime: Infinity });
  useEffect(() => {
    if (!me.isSuccess) return;
    if (me.data === null) clearUserInfo();
    else if (me.data.token !== getStoredToken()) setUserInfo(me.data);
  }, [me.isSuccess, me.data]);

  useEffect(() => {
    const check = () => {
      const token = getStoredToken();
      if (token === null || expiring.current) return;
      const decoded = decodeSessionToken(token);
      if (!decoded.ok) {
        // Leave the page first, so protected pages do not also complain about the missing session.
        navigate("~/", { replace: true });
        clearUserInfo();
        return;
      }
      if (isSessionTokenExpired(decoded.payload, Date.now())) {
        expiring.current = true;
        // SPEC §4: the toast, then 2000 ms later sign-out; the wait starts when it is on screen.
        const signOutLater = () =>
          setTimeout(() => {
            navigate("~/", { replace: true });
            clearUserInfo();
            logout.mutate();
            expiring.current = false;
          }, EXPIRY_SIGNOUT_DELAY_MS);
        const shown = toast.error(t`Your session has expired. Please log in again.`, { onOpen: signOutLater });
        if (!shown) signOutLater();
      }
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, info]);

  return null;
}
