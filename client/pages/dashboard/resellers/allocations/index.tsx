/**
 * The organiser's allocations to resellers (issue 21): the dates that can be allocated with
 * every allocation (AllocationsPage), and one date's plan to give resellers seats or places and
 * take them back (AllocationDatePage). The reseller area's routes import both from here.
 */
export { AllocationsPage } from "./overview";
export { AllocationDatePage } from "./date-page";
