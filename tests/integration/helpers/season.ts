import { categoriesOf, createEventVia, datesOf, ok, saveTicketsVia, signedInOrganiser, ticketCategory, validSeasonStep1 } from "./events";
import { chooseTemplate, createEventWithDates, createTemplateVia, smallLayout } from "./stadiums";

/**
 * A published season of one seated match day with two dates (in 40 and 41 days): daily and
 * seasonal templates of the same small layout, a day ticket "Ticket a" and a season ticket
 * "Season a" on seating category "a". For tests of season tickets at a child event.
 */
export async function publishedSeasonWithMatchDay(t: Parameters<typeof signedInOrganiser>[0]) {
  const { client: organiser } = await signedInOrganiser(t);
  // Seats only: a standing area would need a ticket of its own before the match day is published (SPEC §5).
  const layout = smallLayout();
  layout.blocks = layout.blocks.filter((b) => b.kind !== "standing");
  const daily = await createTemplateVia(organiser, layout, { name: "Arena daily", type: "daily" });
  const seasonal = await createTemplateVia(organiser, layout, { name: "Arena season", type: "seasonal" });
  const childId = await createEventWithDates(organiser, [40, 41], "Match day");
  ok(await chooseTemplate(organiser, childId, daily));
  await saveTicketsVia(organiser, childId, [ticketCategory("a", { name: "Ticket a", seatingCategoryId: "a" })]);
  await organiser.trpc.events.publish.mutate({ id: childId, publishOption: "now" });
  const childDates = (await datesOf(t.database.db, childId)).map((d) => d.id);
  const seasonId = await createEventVia(organiser, validSeasonStep1([childId]));
  ok(await chooseTemplate(organiser, seasonId, seasonal));
  await saveTicketsVia(organiser, seasonId, [ticketCategory("sa", { name: "Season a", seatingCategoryId: "a" })]);
  await organiser.trpc.events.publish.mutate({ id: seasonId, publishOption: "now" });
  const seasonA = (await categoriesOf(t.database.db, seasonId))[0]!.id;
  return { organiser, childId, childDates, seasonId, seasonA };
}
