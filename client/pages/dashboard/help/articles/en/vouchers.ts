import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "vouchers",
  title: "Vouchers and discount codes",
  summary: "Create voucher codes for a fixed amount or a percentage off, one by one or in bulk.",
  keywords: ["voucher", "discount", "discount code", "coupon", "promo code", "promotion", "code", "bulk", "reduction"],
  screen: { href: "/vouchers", label: "Discount" },
  body: [
    {
      kind: "p",
      text: "Vouchers take a fixed amount or a percentage off the tickets of an event or season. Buyers enter the code at checkout; the box office can enter it too. You manage them under “Discount” in the sidebar.",
    },
    { kind: "h", text: "Creating a voucher" },
    {
      kind: "ol",
      items: [
        "Click “New voucher” and choose the event or season. A season’s voucher also works for the tickets of its events.",
        "Enter a code (3 to 64 letters, digits, hyphens or underscores; upper and lower case are the same) or let “Suggest a code” make one.",
        "Choose the discount type, fixed amount or percentage, and the value.",
        "Choose the ticket categories the discount applies to (at least one). Optionally limit it to blocks or single seats of the seating plan.",
        "Set the minimum and maximum order value, the number of redemptions (unlimited, or limited to a number) and the validity period; ten days from the start are proposed.",
        "Click “Create voucher”.",
      ],
    },
    {
      kind: "p",
      text: "To hand out many single-use codes, use “Create codes in bulk”: every code gets the same terms and a random part of eight characters after your prefix. All codes are created together, and you can download them as a CSV file.",
    },
    { kind: "h", text: "In the list" },
    {
      kind: "p",
      text: "The list shows every voucher with its value, validity, how often it was used and its state: active, inactive, not valid yet, expired, used or limit reached. Filter by event, state or code, open a voucher to change it, or set it inactive to stop it at once. Discounts never reduce the service fee, and a fully discounted ticket carries no fee. The report “Vouchers” shows the uses, discounts and revenue per code. Team members need the rights “Create voucher” or “Update voucher”.",
    },
  ],
};

export default article;
