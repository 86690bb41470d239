import { Box, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import type { SponsorLogo } from "./slots";

/**
 * The pages as the PDFs draw them, in PDF points: page size, margin, the sponsors' row (its
 * height and how far above the page's bottom edge it stands) and, on the hard ticket, the stub
 * below a dashed line (server/modules/orders/tickets-pdf.ts, server/modules/print/pdf.ts). The
 * row is split into equal slots, each logo fitted into its own keeping its proportions
 * (drawSponsorRow).
 */
const PAGES: Record<"a4" | "din_long", { width: number; height: number; margin: number; row: number; rowBottom: number; stubTop: number | null }> = {
  a4: { width: 595.28, height: 841.89, margin: 48, row: 64, rowBottom: 48, stubTop: null },
  din_long: { width: 280.63, height: 595.28, margin: 16, row: 34, rowBottom: 138, stubTop: 128 },
};
const GAP = 12;

function LogoRow({ logos, gap, style }: { logos: SponsorLogo[]; gap: string; style?: CSSProperties }) {
  const { t } = useLingui();
  return (
    // One row of equal slots with a fixed height (minHeight 0, overflow hidden): a tall logo is scaled down, never grows the row.
    <div
      style={{ display: "grid", gridTemplateColumns: `repeat(${logos.length}, minmax(0, 1fr))`, gridTemplateRows: "minmax(0, 1fr)", columnGap: gap, minHeight: 0, overflow: "hidden", ...style }}
    >
      {logos.map((logo, index) => {
        const n = index + 1;
        return (
          <div key={logo.uploadId} style={{ display: "flex", alignItems: "center", justifyContent: "center", minWidth: 0, minHeight: 0, height: "100%" }}>
            <img src={logo.url} alt={t`Sponsor logo ${n}`} style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain", display: "block" }} />
          </div>
        );
      })}
    </div>
  );
}

/** A miniature ticket page: grey bars for the text, the QR code's square, the sponsors' row at the foot. */
function MiniPage({ format, width, logos, label }: { format: keyof typeof PAGES; width: number; logos: SponsorLogo[]; label: string }) {
  const page = PAGES[format];
  const scale = width / page.width;
  const margin = page.margin * scale;
  const bar = (w: string, h = 5): CSSProperties => ({ width: w, height: h, background: "var(--mantine-color-gray-3)", borderRadius: 2 });
  const qr = (format === "a4" ? 170 : 100) * scale;
  return (
    <Stack gap={6} align="center" w={Math.max(width, 96)}>
      <Box
        role="img"
        aria-label={label}
        style={{
          width,
          height: page.height * scale,
          position: "relative",
          background: "white",
          border: "1px solid var(--mantine-color-gray-4)",
          boxShadow: "var(--mantine-shadow-sm)",
          borderRadius: 2,
        }}
      >
        <div style={{ position: "absolute", left: margin, top: margin, right: margin, display: "flex", gap: 8 }}>
          <div style={{ flex: 1, display: "flex", flexDirection: "column", gap: 5 }}>
            <div style={bar("30%", 4)} />
            <div style={{ ...bar("80%", 8), background: "var(--mantine-color-gray-5)" }} />
            {[70, 55, 60, 45, 50].map((w) => (
              <div key={w} style={bar(`${w}%`)} />
            ))}
            {format === "din_long" && <div style={{ width: qr, height: qr, margin: "6px auto 0", background: "var(--mantine-color-gray-2)", border: "1px solid var(--mantine-color-gray-4)" }} />}
          </div>
          {format === "a4" && <div style={{ width: qr, height: qr, background: "var(--mantine-color-gray-2)", border: "1px solid var(--mantine-color-gray-4)" }} />}
        </div>
        {page.stubTop !== null && (
          <div style={{ position: "absolute", left: 0, right: 0, top: (page.height - page.stubTop) * scale, bottom: 0, borderTop: "1px dashed var(--mantine-color-gray-5)" }}>
            <div style={{ margin: `${margin * 1.5}px ${margin}px 0`, display: "flex", flexDirection: "column", gap: 4 }}>
              {[60, 45, 50].map((w) => (
                <div key={w} style={bar(`${w}%`, 3)} />
              ))}
            </div>
          </div>
        )}
        {logos.length > 0 && (
          <>
            {page.stubTop === null && (
              <div style={{ position: "absolute", left: margin, right: margin, bottom: (page.rowBottom + page.row + 6) * scale, borderTop: "1px solid var(--mantine-color-gray-3)" }} />
            )}
            <LogoRow logos={logos} gap={`${GAP * scale}px`} style={{ position: "absolute", left: margin, right: margin, bottom: page.rowBottom * scale, height: page.row * scale }} />
          </>
        )}
      </Box>
      <Text size="xs" c="dimmed" ta="center" aria-hidden="true">
        {label}
      </Text>
    </Stack>
  );
}

/** How the logos appear on the tickets: the A4 e-ticket's and the DIN long hard ticket's page, and the A4 row enlarged. */
export function TicketPreview({ logos }: { logos: SponsorLogo[] }) {
  const { t } = useLingui();
  const a4 = PAGES.a4;
  const rowWidth = a4.width - 2 * a4.margin;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>
          <Trans>Preview</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          {logos.length > 0 ? (
            <Trans>How the logos appear at the foot of each ticket, in this order.</Trans>
          ) : (
            <Trans>No logos yet: the tickets are printed without a sponsors' row.</Trans>
          )}
        </Text>
      </div>
      <Group align="flex-end" gap="lg" wrap="wrap">
        <MiniPage format="a4" width={190} logos={logos} label={t`A4 e-ticket`} />
        <MiniPage format="din_long" width={90} logos={logos} label={t`Hard ticket (DIN long)`} />
        {logos.length > 0 && (
          <Stack gap={6} style={{ flex: "1 1 260px", minWidth: 0 }}>
            <Box
              p="xs"
              style={{ background: "white", border: "1px solid var(--mantine-color-gray-3)", borderRadius: 4, width: "100%", maxWidth: 640 }}
              role="img"
              aria-label={t`The sponsors' row of the A4 e-ticket, enlarged`}
            >
              <LogoRow logos={logos} gap={`${(GAP / rowWidth) * 100}%`} style={{ aspectRatio: `${rowWidth} / ${a4.row}` }} />
            </Box>
            <Text size="xs" c="dimmed" aria-hidden="true">
              <Trans>The sponsors' row of the A4 e-ticket, enlarged</Trans>
            </Text>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
