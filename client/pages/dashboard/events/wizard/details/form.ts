import { ZEventDetails } from "../../../../../../shared/schemas/events";
import { useZodForm } from "../../../../../hooks/use-zod-form";
import type { EventDetail } from "../types";

/** Step 2's form over the server's own schema, started from the saved event. */
export function useDetailsForm(event: EventDetail["event"]) {
  return useZodForm(ZEventDetails, {
    initialValues: {
      imageId: event.imageId ?? null,
      mediaImageIds: event.mediaImageIds ?? [],
      youtubeUrl: event.youtubeUrl ?? "",
      descriptionHtml: event.descriptionHtml ?? "",
      faq: event.faq ?? [],
    },
    validateInputOnBlur: ["youtubeUrl"],
  });
}
export type DetailsFormHandle = ReturnType<typeof useDetailsForm>;
