import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export type FaqTopic = "buyers" | "organisers";

export type FaqItem = {
  /** Stable id, used as the accordion value. */
  key: string;
  topic: FaqTopic;
  question: MessageDescriptor;
  answer: MessageDescriptor;
  /** Shown in the short FAQ on the home page too. */
  featured?: boolean;
};

export const FAQ_TOPICS: readonly { key: FaqTopic; title: MessageDescriptor }[] = [
  { key: "buyers", title: msg`Buying tickets` },
  { key: "organisers", title: msg`Organising events` },
];

/** Questions for /faq; the featured ones also appear on the home page. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    key: "buy",
    topic: "buyers",
    featured: true,
    question: msg`How do I buy tickets?`,
    answer: msg`Open the event page, choose a date and select your tickets – or your block and seat if the event has a seating plan. Then go to checkout, enter your details and pay. Your tickets are ready right after the payment.`,
  },
  {
    key: "find_tickets",
    topic: "buyers",
    featured: true,
    question: msg`Where do I find my tickets after paying?`,
    answer: msg`After the payment you see your order with a download button for your tickets. While the payment is still being processed, the page says so and the tickets appear as soon as they are ready. You also receive them with the confirmation email.`,
  },
  {
    key: "seat",
    topic: "buyers",
    question: msg`Can I choose my seat?`,
    answer: msg`Yes, for events with a seating plan. Choose a block, then click a free seat. Seats that are already sold or reserved cannot be selected, and the plan updates while you are choosing.`,
  },
  {
    key: "access_code",
    topic: "buyers",
    question: msg`What is an access code?`,
    answer: msg`Some events are only open to a closed group, for example members or invited guests. The organiser gives you an access code, which you enter on the event page to see and buy the tickets.`,
  },
  {
    key: "cancelled",
    topic: "buyers",
    question: msg`What happens if an event is cancelled?`,
    answer: msg`The event page shows a cancellation notice and the sale stops. All purchased tickets are cancelled and every buyer is informed by email. The organiser of the event is responsible for refunds.`,
  },
  {
    key: "start",
    topic: "organisers",
    featured: true,
    question: msg`How do I start as an organiser?`,
    answer: msg`Register with your name, organiser name and email address and activate your account with the link we email you. After logging in you can create your first event right away; it stays a draft until your account is verified and you have a ticket contingent.`,
  },
  {
    key: "verification",
    topic: "organisers",
    featured: true,
    question: msg`Why do I have to verify my account?`,
    answer: msg`Before you can publish events and receive payouts, we check who is selling. Upload the requested documents in your profile. Your status changes from "in review" to "verified" once the check is complete.`,
  },
  {
    key: "contingent",
    topic: "organisers",
    featured: true,
    question: msg`What is a ticket contingent?`,
    answer: msg`The contingent is the number of tickets you may put on sale. You get it with a plan, as a monthly or yearly subscription. If the contingent is not enough for the tickets of an event, you are asked to buy a larger plan.`,
  },
  {
    key: "seating_plans",
    topic: "organisers",
    question: msg`How do seating plans work?`,
    answer: msg`In the stadium editor you build your venue from blocks with rows and seats, set the numbering and assign price categories. You save it as a template and use it for any number of events and seasons.`,
  },
  {
    key: "channels",
    topic: "organisers",
    question: msg`Can I sell at the box office and through resellers?`,
    answer: msg`Yes. The box office is part of your dashboard, and each ticket category can be offered at the box office only or at the box office and online. Resellers get their own login and sell the tickets you allocate to them.`,
  },
  {
    key: "payouts",
    topic: "organisers",
    featured: true,
    question: msg`How do I receive my money?`,
    answer: msg`Your ticket revenue is collected in your wallet, where you also see fees and past withdrawals. Request a withdrawal at any time; once it is accepted, the amount is transferred to the bank account in your payment details.`,
  },
  {
    key: "checkin",
    topic: "organisers",
    question: msg`How does the check-in at the entrance work?`,
    answer: msg`Create event staff accounts and assign each one to an event. Your staff log in through the event staff login and scan the QR code on every ticket to see at once whether it is valid.`,
  },
];
