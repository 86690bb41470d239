import { ActionIcon, Alert, Badge, Box, Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import { Dropzone, type FileRejection, MIME_TYPES } from "@mantine/dropzone";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { isAppErrorCode } from "../../../../../shared/errors";
import { IMAGE_PIXEL_LIMITS, SPONSOR_LOGO_LIMIT, SPONSOR_LOGO_MAX_BYTES } from "../../../../../shared/limits";
import { appCodeOf, describeCode, describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { type RouterOutputs, useTRPC, useTRPCClient } from "../../../../lib/trpc";
import { UploadError, uploadImage } from "../../../../lib/upload";

export type SponsorLogo = RouterOutputs["sponsors"]["list"][number];

const UPLOAD_URL = "/api/uploads/sponsor-logo";
const ACCEPTED = [MIME_TYPES.jpeg, MIME_TYPES.png];
const MAX_SIDE = IMAGE_PIXEL_LIMITS.sponsor_logo.maxWidth;

function Arrow({ direction }: { direction: "up" | "down" | "left" | "right" }) {
  const rotate = { up: 0, right: 90, down: 180, left: 270 }[direction];
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" style={{ transform: `rotate(${rotate}deg)` }}>
      <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Translated reasons for a logo that cannot be used, whether the browser or the server refused it. */
function useLogoMessages() {
  const { t, i18n } = useLingui();
  const fromCode = (code: string): string => {
    if (code === "NETWORK") return t`No response received from the server.`;
    if (code === "INVALID_UPLOAD") return t`This file is not a JPEG or PNG image (it is checked by its content, not its name). Logos must be at least 16 pixels wide and high.`;
    if (code === "UPLOAD_TOO_LARGE") return t`The logo is larger than 5 MB. Please choose a smaller file.`;
    if (code === "IMAGE_TOO_LARGE") return t`The logo has too many pixels: at most ${MAX_SIDE} pixels wide or high. Please scale it down.`;
    return isAppErrorCode(code) ? describeCode(i18n, code) : t`An unknown error occurred.`;
  };
  const fromRejection = (rejection: FileRejection): string => {
    const name = rejection.file.name;
    const codes = rejection.errors.map((e) => e.code);
    const reason = codes.includes("file-too-large") ? fromCode("UPLOAD_TOO_LARGE") : codes.includes("file-invalid-type") ? fromCode("INVALID_UPLOAD") : t`This file cannot be used.`;
    return t`${name}: ${reason}`;
  };
  return { fromCode, fromRejection };
}

/**
 * The event's 4 logo slots in their order: a logo each (preview, size, move, remove), then a drop
 * zone for the next ones while there is room. Each file is uploaded (the server checks it by
 * content), then added to the event; files beyond the free slots are refused with the limit's text.
 */
export function SponsorSlots({ eventId, logos }: { eventId: string; logos: SponsorLogo[] }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const messages = useLogoMessages();
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const listKey = trpc.sponsors.list.queryKey({ eventId });
  const settle = (next: SponsorLogo[]) => {
    queryClient.setQueryData(listKey, next);
    void queryClient.invalidateQueries({ queryKey: trpc.sponsors.events.queryKey() });
  };
  const onError = (error: unknown) => {
    toast.error(describeError(i18n, error));
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  const remove = useMutation(trpc.sponsors.remove.mutationOptions({ onSuccess: settle, onError }));
  const reorder = useMutation(trpc.sponsors.reorder.mutationOptions({ onSuccess: settle, onError }));
  const busy = uploading || remove.isPending || reorder.isPending;
  const free = SPONSOR_LOGO_LIMIT - logos.length;
  const used = logos.length;
  const limit = SPONSOR_LOGO_LIMIT;

  const upload = async (picked: File[], rejections: FileRejection[]) => {
    resetPicker.current?.();
    const found = rejections.map(messages.fromRejection);
    // The button's picker can be told to show every file: the same checks as the drop zone's.
    const files: File[] = [];
    for (const file of picked) {
      const name = file.name;
      const refusal = !(ACCEPTED as string[]).includes(file.type) ? "INVALID_UPLOAD" : file.size > SPONSOR_LOGO_MAX_BYTES ? "UPLOAD_TOO_LARGE" : null;
      if (!refusal) {
        files.push(file);
        continue;
      }
      const reason = messages.fromCode(refusal);
      found.push(t`${name}: ${reason}`);
    }
    const room = files.slice(0, Math.max(free, 0));
    for (const file of files.slice(room.length)) {
      const name = file.name;
      const reason = describeCode(i18n, "SPONSOR_LIMIT");
      found.push(t`${name}: ${reason}`);
    }
    setProblems(found);
    if (room.length === 0) return;
    setUploading(true);
    let added = 0;
    try {
      for (const file of room) {
        const name = file.name;
        try {
          const stored = await uploadImage(UPLOAD_URL, file);
          settle(await client.sponsors.add.mutate({ eventId, uploadId: stored.id }));
          added++;
        } catch (err) {
          const code = err instanceof UploadError ? err.code : (appCodeOf(err) ?? "INTERNAL");
          const reason = messages.fromCode(code);
          found.push(t`${name}: ${reason}`);
          setProblems([...found]);
        }
      }
    } finally {
      setUploading(false);
    }
    if (added > 0) toast.success(added === 1 ? t`Logo added.` : t`${added} logos added.`);
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = logos.map((l) => l.uploadId);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ eventId, uploadIds: ids });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Text fw={600}>
          <Trans>Logos in print order</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          {t`${used} of ${limit} used`}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {logos.map((logo, index) => {
          const n = index + 1;
          const width = logo.width;
          const height = logo.height;
          return (
            <Card key={logo.uploadId} withBorder radius="md" padding="sm" data-testid="sponsor-slot">
              <Stack gap="xs" h="100%" justify="space-between">
                <Group justify="space-between" wrap="nowrap">
                  <Badge variant="filled" circle aria-label={t`Position ${n}`}>
                    {n}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t`${width} × ${height} px`}
                  </Text>
                </Group>
                <Box h={96} bg="white" style={{ display: "flex", alignItems: "center", justifyContent: "center", borderRadius: 4, border: "1px solid var(--mantine-color-gray-2)" }}>
                  <Image src={logo.url} alt={t`Sponsor logo ${n}`} h={80} w="auto" maw="90%" fit="contain" />
                </Box>
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <Tooltip label={t`Move one place earlier`} openDelay={400}>
                      <ActionIcon variant="default" size="lg" aria-label={t`Move logo ${n} one place earlier`} disabled={busy || index === 0} onClick={() => move(index, -1)}>
                        <Box hiddenFrom="xs" component="span" display="flex">
                          <Arrow direction="up" />
                        </Box>
                        <Box visibleFrom="xs" component="span" display="flex">
                          <Arrow direction="left" />
                        </Box>
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t`Move one place later`} openDelay={400}>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={t`Move logo ${n} one place later`}
                        disabled={busy || index === logos.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <Box hiddenFrom="xs" component="span" display="flex">
                          <Arrow direction="down" />
                        </Box>
                        <Box visibleFrom="xs" component="span" display="flex">
                          <Arrow direction="right" />
                        </Box>
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    disabled={busy}
                    aria-label={t`Remove logo ${n}`}
                    onClick={() => remove.mutate({ eventId, uploadId: logo.uploadId })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
        {free > 0 && (
          <Dropzone
            // Drag and drop only; clicking and the keyboard use the button inside (a real button, not a nested one).
            onDropAny={(files, rejections) => void upload(files, rejections)}
            onDrop={() => {}}
            accept={ACCEPTED}
            maxSize={SPONSOR_LOGO_MAX_BYTES}
            multiple
            loading={uploading}
            disabled={busy}
            activateOnClick={false}
            activateOnKeyboard={false}
            radius="md"
            inputProps={{ "aria-label": t`Add a sponsor logo`, tabIndex: -1 }}
          >
            <Stack align="center" justify="center" gap={6} mih={150}>
              <Dropzone.Accept>
                <Text fw={500}>
                  <Trans>Drop the logos here</Trans>
                </Text>
              </Dropzone.Accept>
              <Dropzone.Reject>
                <Text fw={500} c="red">
                  <Trans>Only JPEG or PNG images under 5 MB</Trans>
                </Text>
              </Dropzone.Reject>
              <Dropzone.Idle>
                <FileButton multiple accept={ACCEPTED.join(",")} resetRef={resetPicker} onChange={(files) => void upload(files, [])}>
                  {(props) => (
                    <Button {...props} variant="light" disabled={busy} aria-describedby="sponsor-logo-hint">
                      <Trans>Add a logo</Trans>
                    </Button>
                  )}
                </FileButton>
              </Dropzone.Idle>
              <Text size="sm" c="dimmed" ta="center">
                <Trans>or drag files here</Trans>
              </Text>
            </Stack>
          </Dropzone>
        )}
        {Array.from({ length: Math.max(free - 1, 0) }, (_, i) => used + i + 2).map((slot) => (
          <Card key={`empty-${slot}`} withBorder radius="md" padding="sm" visibleFrom="md" style={{ borderStyle: "dashed", background: "transparent" }}>
            <Stack align="center" justify="center" h="100%" mih={150}>
              <Text size="sm" c="dimmed">
                {t`Free slot ${slot}`}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" id="sponsor-logo-hint">
        {free > 0 ? (
          <Trans>JPEG or PNG, under 5 MB each. A logo with a transparent or white background looks best on the tickets.</Trans>
        ) : (
          <Trans>All 4 slots are used. Remove a logo to add another.</Trans>
        )}
      </Text>
      {problems.length > 0 && (
        <Alert color="red" role="alert" title={t`Not added`} withCloseButton closeButtonLabel={t`Dismiss`} onClose={() => setProblems([])}>
          <Stack gap={4}>
            {problems.map((p, i) => (
              <Text key={i} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
