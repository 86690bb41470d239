import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { clearUserInfo } from "../lib/session";
import { useTRPC } from "../lib/trpc";

/** Ends the server session, forgets userInfo and returns to the start page. */
export function useLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  return async () => {
    navigate("~/");
    clearUserInfo();
    queryClient.clear();
    try {
      await logout.mutateAsync();
    } catch {
      // The cookie may already be gone; signing out locally is what counts.
    }
  };
}
