import { Button, Group, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { DOCUMENT_MAX_BYTES } from "../../../../../shared/schemas/account";
import { translateFieldMessage } from "../../../../lib/errors";
import { UploadError, uploadFile } from "../../../../lib/upload";
import { ErrorList } from "../../../../components/ErrorList";

const UPLOAD_URL = "/api/account/documents";
const MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);
/** What the picker offers (SPEC §9); the server decides by the content, never by this. */
const ACCEPT = {
  "application/pdf": [".pdf"],
  "application/msword": [".doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "image/jpeg": [".jpg", ".jpeg"],
};

/**
 * Drop or pick verification documents; each is sent on its own, refusals (by the picker or by
 * the server) are listed by file name. `onUploaded` runs after the files were sent.
 */
export function DocumentUpload({ remaining, onUploaded }: { remaining: number; onUploaded: () => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const openPicker = useRef<() => void>(null);

  const reasonOf = (error: unknown) => {
    const code = error instanceof UploadError ? error.code : "INTERNAL";
    if (code === "NETWORK") return t`No response received from the server.`;
    const text = translateFieldMessage(i18n, code);
    return text === code ? t`An unknown error occurred.` : text;
  };
  const describeRejection = (rejection: FileRejection) => {
    const name = rejection.file.name;
    const codes = rejection.errors.map((e) => e.code);
    let reason = t`This file cannot be used.`;
    if (codes.includes("file-invalid-type")) reason = t`Only PDF, Word (DOC, DOCX) and JPEG files are accepted.`;
    else if (codes.includes("file-too-large")) reason = t`The file is larger than ${MAX_MB} MB.`;
    else if (codes.includes("too-many-files")) reason = t`You can upload ${remaining} more documents.`;
    return t`${name}: ${reason}`;
  };

  const upload = async (files: File[], rejections: FileRejection[]) => {
    const found = rejections.map(describeRejection);
    setErrors(found);
    if (files.length === 0) return;
    setBusy(true);
    try {
      for (const file of files) {
        try {
          await uploadFile(UPLOAD_URL, file);
        } catch (err) {
          const name = file.name;
          const reason = reasonOf(err);
          found.push(t`${name}: ${reason}`);
        }
      }
      setErrors([...found]);
      await onUploaded();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDropAny={upload}
        onDrop={() => {}}
        accept={ACCEPT}
        maxSize={DOCUMENT_MAX_BYTES}
        maxFiles={remaining}
        multiple
        loading={busy}
        openRef={openPicker}
        // Keyboard and screen reader users take the button below; the area is for mouse and drop.
        activateOnKeyboard={false}
        inputProps={{ "aria-label": t`Upload documents` }}
      >
        <Stack align="center" justify="center" gap={4} mih={90} style={{ pointerEvents: "none" }}>
          <Dropzone.Accept>
            <Text fw={500}>
              <Trans>Drop the documents here</Trans>
            </Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text fw={500} c="red.8">
              <Trans>Only PDF, Word or JPEG files up to {MAX_MB} MB</Trans>
            </Text>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <Text fw={500} ta="center">
              <Trans>Drag documents here or click to choose files</Trans>
            </Text>
          </Dropzone.Idle>
        </Stack>
      </Dropzone>
      <Group gap="sm" wrap="wrap">
        <Button variant="light" onClick={() => openPicker.current?.()} loading={busy}>
          <Trans>Choose files</Trans>
        </Button>
        <Text size="sm" c="dimmed">
          <Trans>PDF, Word (DOC, DOCX) or JPEG, each under {MAX_MB} MB</Trans>
        </Text>
      </Group>
      <ErrorList errors={errors} title={t`Some files were not uploaded`} />
    </Stack>
  );
}
