import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "first-steps",
  title: "First steps",
  summary: "From a new account to your first published event: profile, documents, plan, event.",
  keywords: ["getting started", "start", "verification", "verify", "plan", "contingent", "profile", "onboarding", "tour"],
  screen: { href: "/profile", label: "My account" },
  body: [
    {
      kind: "p",
      text: "Welcome! After you registered and opened the activation link from the email, you land on the dashboard. Events can be prepared at once, but they can only be saved as drafts until two things are done: your profile is verified and you have a plan with a ticket contingent. The yellow notice “Events can only be saved as drafts for now” on the dashboard home tells you while this is the case.",
    },
    { kind: "h", text: "Four steps to your first sale" },
    {
      kind: "ol",
      items: [
        "Complete your profile under “My account” → “Profile”: organiser name, address, contact and tax details, description, website and social links, and a logo. Your public profile shows the name, description, city, country, links and logo; phone, address, VAT ID and tax number stay private.",
        "Upload documents under “My account” → “Documents”: for example a trade licence, an extract from the commercial register or an ID (PDF, Word or JPEG, each under 5 MB). Uploading sends your profile for review. We email you as soon as it is verified; the dashboard shows the state as well.",
        "Buy a plan under “My account” → “Plan management” with “Buy monthly” or “Buy yearly”. The plan gives you a ticket contingent: every ticket sold uses one ticket of it, tickets of cancelled orders come back. The invoice appears under “Invoices”.",
        "Create your first event under “My Events” with “Create event” and publish it in the last step.",
      ],
    },
    { kind: "h", text: "Good to know" },
    {
      kind: "ul",
      items: [
        "Add your bank details under “My account” → “Payment details” early: payouts from the wallet go to this account.",
        "“Copy profile URL” and “See profile” on the dashboard home lead to your public profile, which lists your published events.",
        "Choose which mails you get under “Email notifications”, for example a mail for every new order or a daily sales summary.",
        "Invite colleagues as team members with their own login and rights (see the article “Team members and rights”).",
        "The guided tour shows every area of the sidebar. You can start it again at any time from this help centre.",
      ],
    },
  ],
};

export default article;
