import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "resellers",
  title: "Resellers",
  summary: "Let partners sell your tickets at their own prices from seats and places you allocate to them.",
  keywords: ["reseller", "resellers", "partner", "sales partner", "advance booking", "allocation", "allocate", "quota", "contingent"],
  screen: { href: "/resellers", label: "Resellers" },
  body: [
    {
      kind: "p",
      text: "Resellers sell your tickets at their own prices, for example a tourist office or a shop in town. They log in with their email address in their own reseller area and see only their own events and sales. Only the account owner manages resellers, under “Resellers” in the sidebar.",
    },
    { kind: "h", text: "Creating a reseller" },
    {
      kind: "ol",
      items: [
        "Click “New reseller” and enter the name (as buyers and your orders list see it), address, city, zip code, state or region, country, mobile number and email address.",
        "Set a password of at least 8 characters with at least one special character, and give it to the reseller yourself.",
        "Under “Events and tickets” add the events the reseller may sell and tick the ticket categories, each with the reseller price buyers pay there.",
        "Save: the reseller can log in at once.",
      ],
    },
    { kind: "h", text: "Allocating seats and places" },
    {
      kind: "p",
      text: "A reseller sells only what you allocate. Open “Allocate tickets” and a date of a published event. Choose the reseller, then click or drag over free seats on the plan, or enter a number of places for standing areas and events without a seating plan, and click “Allocate”. Allocated seats leave public sale at once; only that reseller can sell them.",
    },
    {
      kind: "p",
      text: "Every allocation has a return time, by default the end of the date: then whatever is still unsold goes back to public sale by itself. You can change the return time, return single seats or places, or click “Return everything unsold” earlier. Tickets the reseller has sold stay valid.",
    },
    { kind: "h", text: "Money and overview" },
    {
      kind: "p",
      text: "The reseller collects the money, so reseller sales do not pass through your wallet and carry no online service fee. The reseller list shows tickets sold and revenue per reseller; the report “Resellers” shows what each reseller sold and owes you. Reseller orders also appear in “Orders” with the channel Reseller. “Deactivate” signs a reseller out at once and blocks new sales until you activate the account again; “Reset password” sets a new password.",
    },
  ],
};

export default article;
