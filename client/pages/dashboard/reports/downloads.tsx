import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group } from "@mantine/core";
import { useState } from "react";
import { isAppErrorCode } from "../../../../shared/errors";
import type { ReportTab } from "../../../../shared/schemas/reports";
import { describeCode } from "../../../lib/errors";
import { downloadUrlOf, type ReportsQuery } from "./query-state";

/** The SPEC's report errors keep their own text; anything else failed to download. */
const OWN_TEXT = new Set(["REPORT_NO_DATA_PERIOD", "REPORT_NO_DATA_EVENT", "REPORT_NO_EVENT_SELECTED", "REPORT_PERIOD_INVALID", "UNAUTHENTICATED", "FORBIDDEN"]);

/** The file name the server gave (content-disposition), else `fallback`. */
function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "");
  return match?.[1] ?? fallback;
}

/** Saves `blob` under `name` through a temporary link (the browser's download). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * CSV and PDF of the report on screen, in the UI language: fetched first, so a refusal shows its
 * text here (REPORT_DOWNLOAD_FAILED's when the server or the network fails) instead of a broken
 * file.
 */
export function ReportDownloads({ tab, query, disabled }: { tab: ReportTab; query: ReportsQuery; disabled: boolean }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<"csv" | "pdf" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = i18n.locale === "en" ? "en" : "de";

  const download = async (ext: "csv" | "pdf") => {
    setBusy(ext);
    setError(null);
    try {
      const res = await fetch(downloadUrlOf(tab, query, ext, lang), { credentials: "same-origin" });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
        const code = body?.error;
        setError(describeCode(i18n, isAppErrorCode(code) && OWN_TEXT.has(code) ? code : "REPORT_DOWNLOAD_FAILED"));
        return;
      }
      save(await res.blob(), fileNameOf(res, `report-${tab}.${ext}`));
    } catch {
      setError(describeCode(i18n, "REPORT_DOWNLOAD_FAILED"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Group gap="xs">
        <Button variant="light" onClick={() => void download("csv")} loading={busy === "csv"} disabled={disabled || busy !== null}>
          <Trans>Download CSV</Trans>
        </Button>
        <Button variant="light" onClick={() => void download("pdf")} loading={busy === "pdf"} disabled={disabled || busy !== null}>
          <Trans>Download PDF</Trans>
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel={t`Close`}>
          {error}
        </Alert>
      )}
    </>
  );
}
