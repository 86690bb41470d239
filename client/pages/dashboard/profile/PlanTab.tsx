/** Placeholder until this tab lands (issue 15, in progress this session). */
export default function PlanTab() {
  return null;
}
