import { Alert, Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ORGANISER_LOGO_MAX_BYTES } from "../../../../../shared/limits";
import { translateFieldMessage } from "../../../../lib/errors";
import { UploadError, uploadImage } from "../../../../lib/upload";

const UPLOAD_URL = "/api/uploads/organiser-logo";
const ACCEPT = "image/jpeg,image/png";

/**
 * The organiser's logo: a JPEG or PNG under 5 MB, uploaded at once (the server checks it by its
 * content) and kept by the form as its upload id; saving the profile puts it on the public profile.
 */
export function LogoField({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string | undefined }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (!ACCEPT.split(",").includes(file.type)) return setProblem(t`Only JPEG and PNG images are accepted.`);
    if (file.size > ORGANISER_LOGO_MAX_BYTES) return setProblem(t`The file is larger than 5 MB.`);
    setBusy(true);
    try {
      onChange((await uploadImage(UPLOAD_URL, file)).id);
    } catch (err) {
      const code = err instanceof UploadError ? err.code : "INTERNAL";
      const text = code === "NETWORK" ? t`No response received from the server.` : translateFieldMessage(i18n, code);
      setProblem(text === code ? t`An unknown error occurred.` : text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="logo-label">
        <Trans>Logo</Trans>
      </Text>
      {value ? (
        <Image src={`/uploads/${value}`} alt={t`Your logo`} h={96} w="auto" maw={240} fit="contain" radius="sm" data-testid="logo-preview" />
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>No logo yet.</Trans>
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => void choose(file)} accept={ACCEPT}>
          {(props) => (
            <Button {...props} variant="light" loading={busy} aria-describedby="logo-hint">
              {value ? <Trans>Replace logo</Trans> : <Trans>Upload logo</Trans>}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            <Trans>Remove logo</Trans>
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" id="logo-hint">
        <Trans>JPEG or PNG, up to 5 MB. Shown on your public profile after saving.</Trans>
      </Text>
      {(problem ?? error) && (
        <Alert color="red" role="alert" p="xs">
          {problem ?? error}
        </Alert>
      )}
    </Stack>
  );
}
