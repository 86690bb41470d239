import { modals } from "@mantine/modals";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * One guard for unsaved changes: a form registers it while dirty, and in-app navigation asks
 * before leaving (SPEC §2: closing a form warns that entered data will be lost). Closing the
 * tab is covered by `beforeunload`.
 */
let guarded = false;

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

export function setLeaveGuard(active: boolean): void {
  if (active === guarded) return;
  guarded = active;
  if (active) window.addEventListener("beforeunload", onBeforeUnload);
  else window.removeEventListener("beforeunload", onBeforeUnload);
}

export function isLeaveGuarded(): boolean {
  return guarded;
}

/** Runs `proceed` at once, or after the user confirms losing unsaved changes. */
export function confirmLeave(i18n: I18n, proceed: () => void, message = msg`The data you entered will be lost.`): void {
  if (!guarded) {
    proceed();
    return;
  }
  modals.openConfirmModal({
    title: i18n._(msg`Leave without saving?`),
    children: i18n._(message),
    labels: { confirm: i18n._(msg`Leave`), cancel: i18n._(msg`Stay`) },
    confirmProps: { color: "red" },
    onConfirm: () => {
      setLeaveGuard(false);
      proceed();
    },
  });
}
