/**
 * The branches presented on the marketing pages (SPEC §1), each with its subcategories.
 * The keys are stable: events store them as category / subcategory, and the client
 * translates them (client/lib/branch-labels.ts). Never rename a key; add new ones instead.
 */
export const BRANCHES = [
  {
    key: "events_concerts",
    subcategories: ["concert", "festival", "party", "club_night", "comedy", "cabaret", "reading", "gala", "show"],
  },
  {
    key: "music_theatre",
    subcategories: ["opera", "operetta", "musical", "ballet", "dance_theatre", "play", "classical_concert", "children_theatre"],
  },
  {
    key: "sports_health",
    subcategories: ["football", "handball", "basketball", "ice_hockey", "motorsport", "martial_arts", "running_event", "fitness_course", "yoga", "health_seminar"],
  },
  {
    key: "leisure_travel",
    subcategories: ["guided_tour", "city_tour", "boat_trip", "bus_trip", "museum", "zoo_wildlife_park", "amusement_park", "workshop"],
  },
  {
    key: "fairs_exhibitions",
    subcategories: ["trade_fair", "consumer_fair", "job_fair", "exhibition", "art_exhibition", "congress", "conference", "market"],
  },
] as const;

export type Branch = (typeof BRANCHES)[number];
export type BranchKey = Branch["key"];
export type SubcategoryKey = Branch["subcategories"][number];

export const BRANCH_KEYS = BRANCHES.map((b) => b.key) as [BranchKey, ...BranchKey[]];
export const SUBCATEGORY_KEYS = BRANCHES.flatMap((b) => b.subcategories) as [SubcategoryKey, ...SubcategoryKey[]];

export function isBranchKey(value: string): value is BranchKey {
  return (BRANCH_KEYS as readonly string[]).includes(value);
}

/** The subcategories of one branch; empty for an unknown key. */
export function subcategoriesOf(branch: string): readonly SubcategoryKey[] {
  return BRANCHES.find((b) => b.key === branch)?.subcategories ?? [];
}

/** Whether `subcategory` belongs to `branch` (an event's category/subcategory pair). */
export function isSubcategoryOf(branch: string, subcategory: string): boolean {
  return (subcategoriesOf(branch) as readonly string[]).includes(subcategory);
}
