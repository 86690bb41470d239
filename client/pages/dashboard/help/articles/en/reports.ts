import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "reports",
  title: "Reports",
  summary: "Sales, tickets, check-ins, vouchers, resellers, VAT and box office shifts as table, chart, PDF and CSV.",
  keywords: ["report", "reports", "statistics", "analysis", "export", "csv", "pdf", "revenue", "sales figures", "accounting", "tax"],
  screen: { href: "/reports/sales", label: "Report" },
  body: [
    {
      kind: "p",
      text: "“Report” in the sidebar opens your reports. Each tab answers one question and shows a table with totals and a chart; every figure of the chart is also in the table.",
    },
    {
      kind: "ul",
      items: [
        "Sales: orders, tickets, paid amounts, refunds, gross sales, service and box office fees and revenue, per day, per channel or per payment method.",
        "Tickets: sold and cancelled tickets, list price, discounts and revenue per event and ticket category.",
        "Check-ins: the admissions of one event per hour or per device.",
        "Vouchers: uses, discounts and revenue per voucher code.",
        "Resellers: what each reseller sold and what it owes you.",
        "VAT: the amounts per VAT rate, for your accounting.",
        "Box office shifts: the shifts with their totals per payment method.",
      ],
    },
    { kind: "h", text: "Choosing what to see" },
    {
      kind: "p",
      text: "Above the table choose the event (or all events; a season includes its season tickets and its events), the period (this month, last month, this year, last 12 months or a custom period of up to 366 days) and the breakdown. The choice is kept in the page address, so you can bookmark it or send the link to a colleague. On a phone the tabs become a selection list.",
    },
    { kind: "h", text: "Downloads" },
    {
      kind: "p",
      text: "“Download PDF” and “Download CSV” save the report as you see it. Under “Exports”, “All ticket lines (CSV)” makes one row per ticket of the chosen period and event, with price, discount, VAT and the buyer’s name and email. Large exports are prepared in the background; the file can be downloaded for 24 hours.",
    },
    {
      kind: "p",
      text: "All money figures count orders by the day they were paid and refunds by the day they were made, in German time, so the reports agree with the dashboard home and the wallet. Team members need the right “Report area access”; the export of every ticket line names buyers and needs “View orders” as well.",
    },
  ],
};

export default article;
