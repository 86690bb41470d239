import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "team-rights",
  title: "Team members and rights",
  summary: "Give colleagues their own login and decide, right by right, which areas they may use.",
  keywords: ["team", "team member", "colleague", "staff", "employee", "user", "rights", "permissions", "roles", "access", "login"],
  screen: { href: "/profile/team", label: "Team management" },
  body: [
    {
      kind: "p",
      text: "Team members work in your organiser account with their own login. They see only the areas their rights allow: the sidebar of a team member lists only what they may open. Team members are managed by the account owner under “My account” → “Team management”.",
    },
    { kind: "h", text: "Adding a team member" },
    {
      kind: "ol",
      items: [
        "Click “New team member” and enter first and last name.",
        "Choose whether the person signs in with an email address or a user name, and set a password (at least 8 characters with an upper and a lower case letter, a digit and a special character). Give it to the team member yourself.",
        "Tick the rights, or “All rights”, and click “Create team member”.",
      ],
    },
    { kind: "h", text: "The rights" },
    {
      kind: "ul",
      items: [
        "Create event, Update event: the event and season forms.",
        "Create tickets, Update tickets: ticket categories and “My Tickets”.",
        "View orders, Update orders: the orders list, cancellations and date changes.",
        "View main dashboard: the figures on the dashboard home.",
        "Create voucher, Update voucher: the “Discount” area.",
        "Report area access, Print area access, Wallet access: those areas.",
        "Organizer profile access: profile, notifications, invoices, plan and documents.",
        "View stadium template, Update stadium template: the seating plans.",
        "Show boxoffice, Update boxoffice: selling at the counter and its settings.",
      ],
    },
    {
      kind: "p",
      text: "Changed rights apply from the team member’s next action on. Some things stay with the account owner whatever the rights: payment details, team management, resellers, event staff and disabling the account. A team member can always change their own password and email under “Login details”.",
    },
    {
      kind: "p",
      text: "The switch in the list activates or deactivates a team member: a deactivated member is signed out and cannot log in until you activate them again. Event staff for the entrance and resellers are separate accounts with their own areas; see the articles “Check-in at the door” and “Resellers”.",
    },
  ],
};

export default article;
