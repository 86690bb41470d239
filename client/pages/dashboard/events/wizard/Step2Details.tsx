import { Alert, AspectRatio, Stack, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { youtubeEmbedUrl } from "../../../../../shared/rules/youtube";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { DescriptionEditor } from "./details/DescriptionEditor";
import { FaqSection } from "./details/FaqSection";
import { useDetailsForm } from "./details/form";
import { MainImage } from "./details/MainImage";
import { MediaImages } from "./details/MediaImages";
import { StepActions, wantsClose } from "./StepActions";
import type { EventDetail, StepProps } from "./types";

/** Step 2 of the event (or season) form: images, video, description and FAQ. */
export function Step2Details(props: StepProps) {
  if (!props.detail) {
    return (
      <Alert color="yellow">
        <Trans>Save the event data in the first step before adding details.</Trans>
      </Alert>
    );
  }
  return <DetailsForm {...props} detail={props.detail} />;
}

function DetailsForm({ detail, onDirtyChange, onSaved, onBack }: StepProps & { detail: EventDetail }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { event } = detail;
  const [busyUploads, setBusyUploads] = useState(0);
  const form = useDetailsForm(event);
  const values = form.getValues();

  const dirty = form.isDirty() || busyUploads > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const trackBusy = (busy: boolean) => setBusyUploads((n) => Math.max(0, n + (busy ? 1 : -1)));

  const save = useMutation(trpc.events.saveDetails.mutationOptions());

  const submit = form.onSubmit((submitted, formEvent) => {
    const close = wantsClose(formEvent);
    save.mutate(
      { id: event.id, ...submitted, descriptionHtml: submitted.descriptionHtml || null },
      {
        onSuccess: () => {
          form.resetDirty(submitted);
          onDirtyChange(false);
          onSaved({ eventId: event.id, close });
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
        },
      },
    );
  });

  const embedUrl = values.youtubeUrl ? youtubeEmbedUrl(values.youtubeUrl) : null;
  const mediaImageIds = values.mediaImageIds ?? [];

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xl">
        <MainImage
          imageId={values.imageId ?? null}
          error={form.errors.imageId}
          onChange={(id) => form.setFieldValue("imageId", id)}
          onBusyChange={trackBusy}
        />

        <MediaImages
          ids={mediaImageIds}
          error={form.errors.mediaImageIds}
          onAdd={(id) => form.insertListItem("mediaImageIds", id)}
          onRemove={(index) => form.removeListItem("mediaImageIds", index)}
          onBusyChange={trackBusy}
        />

        <Stack gap="xs">
          <Title order={3} size="h4">
            <Trans>Video</Trans>
          </Title>
          <TextInput
            label={t`YouTube link`}
            description={t`Only YouTube links are accepted, e.g. https://www.youtube.com/watch?v=…`}
            type="url"
            inputMode="url"
            autoComplete="off"
            {...form.getInputProps("youtubeUrl")}
          />
          {embedUrl && (
            <AspectRatio ratio={16 / 9} maw={640}>
              <iframe
                src={embedUrl}
                title={t`Preview of the YouTube video`}
                style={{ border: 0 }}
                loading="lazy"
                referrerPolicy="strict-origin-when-cross-origin"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            </AspectRatio>
          )}
        </Stack>

        <DescriptionEditor
          initialHtml={event.descriptionHtml ?? ""}
          onChange={(html) => form.setFieldValue("descriptionHtml", html)}
          error={form.errors.descriptionHtml}
        />

        <FaqSection form={form} />

        <StepActions onBack={onBack} loading={save.isPending || busyUploads > 0} />
      </Stack>
    </form>
  );
}
