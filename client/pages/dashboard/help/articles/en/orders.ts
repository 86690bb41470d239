import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "orders",
  title: "Orders, cancellations and date changes",
  summary: "Find an order, look at its tickets, invoice and mails, cancel tickets or move them to another date.",
  keywords: ["order", "orders", "buyer", "refund", "cancel", "cancellation", "storno", "invoice", "credit note", "change date", "resend", "confirmation"],
  screen: { href: "/orders", label: "Orders" },
  body: [
    {
      kind: "p",
      text: "“Orders” lists every order of your events from every channel: online shop, box office and resellers. Search by order number, buyer name or email, or ticket code, and narrow the list with the filters: event, event date, ordered from and until, status, payment method and channel. “Export CSV” downloads the filtered list.",
    },
    { kind: "h", text: "The order detail" },
    {
      kind: "p",
      text: "Open an order to see the buyer, the amounts with fees, discount and VAT, and every ticket line with its place, status and last check-in. You also find the invoice and any credit notes as PDF, the payments and refunds, and the mails sent about the order. “Resend confirmation” sends the tickets to the buyer again. An order that shows “Payment processing” has not been paid yet; its tickets appear once the payment arrives.",
    },
    { kind: "h", text: "Cancelling tickets" },
    {
      kind: "ol",
      items: [
        "Tick the tickets to cancel, or use “Cancel the whole order”.",
        "Click “Cancel selected tickets” and read what happens: the ticket codes stop working, the seats go back on sale and the buyer is informed by email.",
        "Confirm. Online payments are refunded to the buyer automatically; for box office sales the dialog says how much to pay back at the counter. A credit note is issued for the cancelled tickets.",
      ],
    },
    { kind: "h", text: "Changing the date" },
    {
      kind: "p",
      text: "To move tickets to another date of the same event, tick them and choose “Change date of selected tickets”. Pick the new date and, on a seating plan, new seats of the same category. The tickets keep the price paid: nothing is charged or refunded. The buyer gets new tickets with new codes by email, and the old codes stop working. Season tickets are valid for every date and cannot be moved.",
    },
    {
      kind: "p",
      text: "Team members need the right “View orders” to see orders and “Update orders” to cancel or move tickets.",
    },
  ],
};

export default article;
