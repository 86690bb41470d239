import { useLingui } from "@lingui/react/macro";
import { Group, Paper, Stack, Table, Text } from "@mantine/core";
import { reportColumnLabel } from "../../../../shared/i18n/report-labels";
import { isNumberColumn, reportCellText, reportTotalsCells } from "../../../../shared/rules/report-cells";
import type { ReportResult } from "../../../../shared/schemas/reports";

const numberStyle = { textAlign: "right", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" } as const;

/**
 * A report as a table (wide screens): a caption naming the report, the period and the event,
 * headers from REPORT_COLUMN_LABELS, numbers right-aligned in the UI language's format, a
 * totals row.
 */
export function ReportTable({ result, caption }: { result: ReportResult; caption: string }) {
  const { i18n } = useLingui();
  const totals = reportTotalsCells(i18n, result, "sheet");
  return (
    // A table wider than the screen scrolls: its viewport is a named region the keyboard can reach.
    <Table.ScrollContainer minWidth={result.columns.length * 100} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": caption } }}>
      <Table striped highlightOnHover captionSide="top" data-testid="report-table">
        <Table.Caption style={{ textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {result.columns.map((c) => (
              <Table.Th key={c.key} scope="col" style={isNumberColumn(c) ? numberStyle : undefined}>
                {i18n._(reportColumnLabel(result.tab, c.key))}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row, r) => (
            <Table.Tr key={r}>
              {result.columns.map((c, i) =>
                i === 0 ? (
                  <Table.Th key={c.key} scope="row" fw={500}>
                    {reportCellText(i18n, c, row[c.key], "sheet")}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key} style={isNumberColumn(c) ? numberStyle : undefined}>
                    {reportCellText(i18n, c, row[c.key], "sheet")}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && (
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals">
              {result.columns.map((c, i) => (
                <Table.Th key={c.key} scope={i === 0 ? "row" : undefined} style={isNumberColumn(c) ? numberStyle : undefined}>
                  {totals[i]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same report as cards (phones): a card per row, its first column as the title, then label and value. */
export function ReportCards({ result, caption }: { result: ReportResult; caption: string }) {
  const { t, i18n } = useLingui();
  const totals = reportTotalsCells(i18n, result, "sheet");
  const [first, ...rest] = result.columns;
  const label = (key: string) => i18n._(reportColumnLabel(result.tab, key));
  const card = (title: string, cells: { key: string; text: string }[], bold: boolean, testId: string, key: string | number) => (
    <Paper key={key} withBorder p="sm" component="li" data-testid={testId}>
      <Text fw={bold ? 700 : 600} mb={4}>
        {title}
      </Text>
      <Stack gap={2} component="dl" m={0}>
        {cells.map((cell) => (
          <Group key={cell.key} justify="space-between" gap="xs" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label(cell.key)}
            </Text>
            <Text component="dd" size="sm" m={0} fw={bold ? 700 : undefined} style={{ ...numberStyle, whiteSpace: "normal" }}>
              {cell.text}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id="report-cards-caption">
        {caption}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-labelledby="report-cards-caption" data-testid="report-cards">
        {result.rows.map((row, r) =>
          card(
            reportCellText(i18n, first!, row[first!.key], "sheet"),
            rest.map((c) => ({ key: c.key, text: reportCellText(i18n, c, row[c.key], "sheet") || "–" })),
            false,
            "report-card",
            r,
          ),
        )}
        {totals &&
          card(
            t`Total`,
            rest.flatMap((c, i) => (c.key in result.totals ? [{ key: c.key, text: totals[i + 1]! }] : [])),
            true,
            "report-totals-card",
            "totals",
          )}
      </Stack>
    </Stack>
  );
}
