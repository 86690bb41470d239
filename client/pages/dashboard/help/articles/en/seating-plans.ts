import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "seating-plans",
  title: "Seating plans (stadiums)",
  summary: "Draw a venue once as a stadium template with blocks, rows, seats and categories; events sell from it.",
  keywords: ["stadium", "seating plan", "seat map", "venue", "block", "rows", "seats", "standing area", "category", "template"],
  screen: { href: "/stadiums", label: "Stadiums" },
  body: [
    {
      kind: "p",
      text: "A stadium is a template of your venue. You draw it once under “Stadiums” and use it in step 3 of any event. Every date of the event gets its own copy of the plan, so later changes to the template never move a seat somebody already bought.",
    },
    { kind: "h", text: "Creating a stadium" },
    {
      kind: "ol",
      items: [
        "Click “Create stadium” and give it a name, a type (daily, seasonal, or daily based on a season template) and an optional comment.",
        "On the “Layout” tab add blocks with “Add seated block” (rows, seats per row, first row and seat numbers, numbering direction, alignment of shorter rows) or “Add standing area” (a number of places).",
        "Arrange the blocks with the “Move blocks” tool. “Select seats” lets you drag a rectangle over seats or Shift+click a whole row, for example to deactivate seats that do not exist.",
        "On the “Categories” tab add categories such as “Parkett” or “Rang” and assign them to whole blocks, rows or single seats. Tickets are sold per category, so every place needs one.",
        "Click “Create stadium” (later “Save”). Undo and redo (Ctrl+Z, Ctrl+Shift+Z) and zoom help while drawing.",
      ],
    },
    {
      kind: "p",
      text: "A block can be marked as sold only at the box office. You can also upload a venue image (JPG, PNG or SVG, at least 2000 × 2000 pixels, up to 5 MB) that is shown under the plan.",
    },
    { kind: "h", text: "After tickets are sold" },
    {
      kind: "p",
      text: "Once an event using the stadium has sold or reserved seats, the editor switches to limited editing: you can still add blocks and change names, colours and the categories of unsold seats, but existing blocks keep their position, size and seats and cannot be deleted. In the list you can duplicate a stadium to start a variant, set it active or inactive, or delete it when no event uses it. Team members need the right “View stadium template” to see plans and “Update stadium template” to change them.",
    },
  ],
};

export default article;
