import { Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection, MIME_TYPES } from "@mantine/dropzone";
import { Trans, useLingui } from "@lingui/react/macro";
import { translateFieldMessage } from "../../../../../lib/errors";
import { UploadError, uploadImage } from "../../../../../lib/upload";

/** SPEC §9: the event image is a JPEG or PNG of at most 10 MB, ideally 2160x1080 (2:1). */
const UPLOAD_URL = "/api/uploads/event-image";
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const RECOMMENDED = { width: 2160, height: 1080 };
const ACCEPTED_TYPES = [MIME_TYPES.jpeg, MIME_TYPES.png];

export type Size = { width: number; height: number };

export const imageUrl = (id: string) => `/uploads/${id}`;
export const uploadEventImage = (file: File) => uploadImage(UPLOAD_URL, file);

/** Translated reasons for failed uploads and for files the dropzone refused. */
export function useUploadMessages() {
  const { t, i18n } = useLingui();
  const describeUploadError = (error: unknown): string => {
    const code = error instanceof UploadError ? error.code : "INTERNAL";
    if (code === "NETWORK") return t`No response received from the server.`;
    const text = translateFieldMessage(i18n, code);
    return text === code ? t`An unknown error occurred.` : text;
  };
  const describeRejection = (rejection: FileRejection): string => {
    const name = rejection.file.name;
    const codes = rejection.errors.map((e) => e.code);
    let reason = t`This file cannot be used.`;
    if (codes.includes("file-invalid-type")) reason = t`Only JPEG and PNG images are accepted.`;
    else if (codes.includes("file-too-large")) reason = t`The file is larger than 10 MB.`;
    else if (codes.includes("too-many-files")) reason = t`Please choose one image at a time.`;
    return t`${name}: ${reason}`;
  };
  return { describeUploadError, describeRejection };
}

export function ImageDropzone({
  multiple,
  loading,
  label,
  onSelect,
}: {
  multiple: boolean;
  loading: boolean;
  label: string;
  /** Accepted files and refused ones of one drop or pick, together. */
  onSelect: (files: File[], rejections: FileRejection[]) => void;
}) {
  return (
    <Dropzone
      // onDropAny sees accepted and refused files of a drop at once; onDrop would only see half.
      onDropAny={onSelect}
      onDrop={() => {}}
      accept={ACCEPTED_TYPES}
      maxSize={MAX_IMAGE_BYTES}
      multiple={multiple}
      loading={loading}
      role="button"
      aria-label={label}
      aria-busy={loading}
    >
      <Stack align="center" justify="center" gap={4} mih={120} style={{ pointerEvents: "none" }}>
        <Dropzone.Accept>
          <Text fw={500}>{multiple ? <Trans>Drop the images here</Trans> : <Trans>Drop the image here</Trans>}</Text>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <Text fw={500} c="red">
            <Trans>Only JPEG or PNG images up to 10 MB</Trans>
          </Text>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <Text fw={500}>
            {multiple ? (
              <Trans>Drag images here or click to choose files</Trans>
            ) : (
              <Trans>Drag an image here or click to choose a file</Trans>
            )}
          </Text>
        </Dropzone.Idle>
        <Text size="sm" c="dimmed" ta="center">
          <Trans>JPEG or PNG, up to 10 MB</Trans>
        </Text>
      </Stack>
    </Dropzone>
  );
}

export { ErrorList } from "../../../../../components/ErrorList";
