import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "box-office",
  title: "Box office",
  summary: "Sell tickets at the counter: open a shift, pick seats, take the payment, print, and close with a Z-report.",
  keywords: ["box office", "boxoffice", "counter", "till", "cash desk", "cashier", "shift", "z-report", "on-site sale", "door sale"],
  screen: { href: "/boxoffice", label: "Box office" },
  body: [
    {
      kind: "p",
      text: "The box office sells tickets on site, at the counter. It uses the same live seating plan as the online shop, so a seat sold at the counter can no longer be bought online and the other way round. Open it from the sidebar (“Box office”), from the dashboard home or from an event’s dashboard.",
    },
    { kind: "h", text: "Selling" },
    {
      kind: "ol",
      items: [
        "Choose the date to sell and click “Open counter”.",
        "Open a shift: count the cash in the drawer and enter it as the starting cash. Every sale and refund of this counter is recorded in your shift.",
        "Click seats on the plan, or choose a category and press B to add the quantity; “Best available” picks the best free seats. A voucher code can be entered as well.",
        "Choose the payment method (cash, card, PayPal, free of charge or other). For cash, enter the amount given and the counter shows the change due.",
        "Optionally add buyer details: with an email address the tickets are also sent by mail. Click “Complete sale” and print the tickets.",
      ],
    },
    {
      kind: "p",
      text: "“Keyboard shortcuts” lists the keys for fast selling. If the connection drops while a sale is sent, “Retry sale” is safe: the same sale is never made twice. “Cancel sale” gives the money back in the payment method used and puts the seats back on sale.",
    },
    { kind: "h", text: "Closing the shift" },
    {
      kind: "p",
      text: "“My shift” shows the sales and refunds of your shift with an interim report (PDF). At the end, count the cash, enter it and click “Close shift and create Z-report”: the report lists the totals per payment method and the difference between expected and counted cash. Past shifts and their reports stay listed on the box office page and in the reports under “Box office shifts”.",
    },
    { kind: "h", text: "Settings and rights" },
    {
      kind: "p",
      text: "In the box office settings you set a box office fee per ticket, which is added to every chargeable ticket sold at the counter and is yours, and the ticket print format: A4, DIN long or an 80 mm receipt. Counter sales pay no online service fee and do not pass through the wallet. Ticket categories and blocks can be limited to the box office. Team members need the right “Show boxoffice” to sell and “Update boxoffice” to change the settings.",
    },
  ],
};

export default article;
