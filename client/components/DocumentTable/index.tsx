import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** A verification document as the tab and the admin list show it. */
export type DocumentRow = { id: string; fileName: string; mimeType: string; bytes: number; createdAt: Date; isNew?: boolean };

/** The private download route (its organiser or an admin; served as an attachment). */
export const documentUrl = (id: string) => `/api/account/documents/${id}`;

/** File type names are the formats' own names, the same in every language. */
const TYPE_NAMES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/msword": "Word (DOC)",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (DOCX)",
  "image/jpeg": "JPEG",
};

export function useFileSize() {
  const { i18n } = useLingui();
  return (bytes: number) => {
    const mb = bytes >= 1024 * 1024;
    return new Intl.NumberFormat(i18n.locale, {
      style: "unit",
      unit: mb ? "megabyte" : "kilobyte",
      maximumFractionDigits: 1,
    }).format(mb ? bytes / (1024 * 1024) : Math.max(0.1, bytes / 1024));
  };
}

/**
 * Documents with name (opens the download), type, size and upload date; `actions` adds a last
 * column (e.g. delete) per row.
 */
export function DocumentTable({
  documents,
  label,
  actions,
}: {
  documents: DocumentRow[];
  label: string;
  actions?: (doc: DocumentRow) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const size = useFileSize();
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      {/* Phones: one card per document, nothing to scroll sideways. */}
      <Stack gap="xs" hiddenFrom="sm" role="list" aria-label={label}>
        {documents.map((doc) => (
          <Paper key={doc.id} withBorder p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Box miw={0}>
                <Group gap="xs">
                  <Anchor href={documentUrl(doc.id)} download={doc.fileName} style={{ overflowWrap: "anywhere" }}>
                    {doc.fileName}
                  </Anchor>
                  {doc.isNew && (
                    <Badge size="xs" color="blue.9">
                      <Trans>new</Trans>
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {[TYPE_NAMES[doc.mimeType] ?? doc.mimeType, size(doc.bytes), dateFormat.format(doc.createdAt)].join(" · ")}
                </Text>
              </Box>
              {actions && <Box style={{ flexShrink: 0 }}>{actions(doc)}</Box>}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Box visibleFrom="sm">
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>File</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Size</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Uploaded</Trans>
            </Table.Th>
            {actions && (
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((doc) => {
            const fileName = doc.fileName;
            return (
            <Table.Tr key={doc.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Tooltip label={t`Download ${fileName}`} openDelay={400}>
                    <Anchor href={documentUrl(doc.id)} download={doc.fileName} style={{ wordBreak: "break-all" }}>
                      {doc.fileName}
                    </Anchor>
                  </Tooltip>
                  {doc.isNew && (
                    <Badge size="xs" color="blue.9">
                      <Trans>new</Trans>
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{TYPE_NAMES[doc.mimeType] ?? doc.mimeType}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{size(doc.bytes)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{dateFormat.format(doc.createdAt)}</Table.Td>
              {actions && <Table.Td ta="right">{actions(doc)}</Table.Td>}
            </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
      </Box>
    </>
  );
}
