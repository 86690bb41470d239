/**
 * The organiser's allocations to resellers (issue 21): the dates that can be allocated with
 * every allocation, and one date's plan to give a reseller seats or places and take them back.
 */
export function AllocationsPage() {
  return null;
}

export function AllocationDatePage(_props: { eventDateId: string }) {
  return null;
}
