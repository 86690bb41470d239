import { router } from "../../../trpc/init";

/** admin.messages.*: the home page's contact-form messages (issue 23 item 4). */
export const adminMessagesRouter = router({});
