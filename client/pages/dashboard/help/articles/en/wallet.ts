import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "wallet",
  title: "Wallet and payouts",
  summary: "What buyers paid online, the fees, your balance, and withdrawals to your bank account.",
  keywords: ["wallet", "balance", "payout", "withdrawal", "withdraw", "money", "fees", "service fee", "bank account", "iban", "transfer"],
  screen: { href: "/wallet", label: "Wallet" },
  body: [
    {
      kind: "p",
      text: "Online payments are taken on the platform’s payment account. The wallet shows your share of the tickets sold online and lets you withdraw it to your bank account.",
    },
    { kind: "h", text: "The figures" },
    {
      kind: "ul",
      items: [
        "Balance: paid online orders less fees, refunds, chargebacks and withdrawals. “Available to withdraw” already deducts pending withdrawals.",
        "Total revenue: what buyers paid online, less refunds and chargebacks.",
        "Total fees: the service and processing fees included in those payments.",
        "Total withdrawn and last withdrawal: your accepted payouts.",
      ],
    },
    {
      kind: "p",
      text: "Online buyers pay a service and processing fee per chargeable ticket on top of the ticket price. It is the platform’s fee and not part of your revenue; “How your payouts are calculated” on the wallet page shows the current amount. You receive the full price of your tickets and booking options, after vouchers. Free tickets carry no fee.",
    },
    {
      kind: "p",
      text: "Box office sales are paid into your own till (cash or card at the counter) and the box office fee is yours; reseller sales are collected by the reseller. Neither passes through the wallet.",
    },
    { kind: "h", text: "Requesting a withdrawal" },
    {
      kind: "ol",
      items: [
        "Make sure your bank details are saved under “My account” → “Payment details” (bank name, IBAN, BIC). Only the account owner can change them.",
        "Click “Request withdrawal” and enter the amount, at most your available balance.",
        "The amount is taken off your balance at once and is listed as “Waiting for review”. Once an admin has accepted it, it is paid by bank transfer; a refused withdrawal goes back to your balance.",
      ],
    },
    {
      kind: "p",
      text: "The ledger lists every entry behind the balance: paid orders, refunds, chargebacks and withdrawals, each with its effect on the balance. You can filter it by kind. Under “Email notifications” you can get a mail whenever a payout changes state. Team members need the right “Wallet access”.",
    },
  ],
};

export default article;
