import { useLingui } from "@lingui/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BranchKey, SubcategoryKey } from "../../shared/branches";

/** Translated names of the branches in shared/branches.ts (`i18n._(BRANCH_LABELS[key])`). */
export const BRANCH_LABELS: Record<BranchKey, MessageDescriptor> = {
  events_concerts: msg`Events & Concerts`,
  music_theatre: msg`Music Theatre`,
  sports_health: msg`Sports & Health`,
  leisure_travel: msg`Leisure & Travel`,
  fairs_exhibitions: msg`Trade Fairs & Exhibitions`,
};

/** Translated names of the subcategories in shared/branches.ts. */
export const SUBCATEGORY_LABELS: Record<SubcategoryKey, MessageDescriptor> = {
  concert: msg`Concert`,
  festival: msg`Festival`,
  party: msg`Party`,
  club_night: msg`Club night`,
  comedy: msg`Comedy`,
  cabaret: msg`Cabaret`,
  reading: msg`Reading`,
  gala: msg`Gala`,
  show: msg`Show`,
  opera: msg`Opera`,
  operetta: msg`Operetta`,
  musical: msg`Musical`,
  ballet: msg`Ballet`,
  dance_theatre: msg`Dance theatre`,
  play: msg`Play`,
  classical_concert: msg`Classical concert`,
  children_theatre: msg`Children's theatre`,
  football: msg`Football`,
  handball: msg`Handball`,
  basketball: msg`Basketball`,
  ice_hockey: msg`Ice hockey`,
  motorsport: msg`Motorsport`,
  martial_arts: msg`Martial arts`,
  running_event: msg`Running event`,
  fitness_course: msg`Fitness course`,
  yoga: msg`Yoga`,
  health_seminar: msg`Health seminar`,
  guided_tour: msg`Guided tour`,
  city_tour: msg`City tour`,
  boat_trip: msg`Boat trip`,
  bus_trip: msg`Bus trip`,
  museum: msg`Museum`,
  zoo_wildlife_park: msg`Zoo & wildlife park`,
  amusement_park: msg`Amusement park`,
  workshop: msg`Workshop`,
  trade_fair: msg`Trade fair`,
  consumer_fair: msg`Consumer fair`,
  job_fair: msg`Job fair`,
  exhibition: msg`Exhibition`,
  art_exhibition: msg`Art exhibition`,
  congress: msg`Congress`,
  conference: msg`Conference`,
  market: msg`Market`,
};

/** Translated names of branch and subcategory keys (unknown keys shown as they are). */
export function useBranchLabels() {
  const { i18n } = useLingui();
  return {
    branch: (key: string) => (key in BRANCH_LABELS ? i18n._(BRANCH_LABELS[key as BranchKey]) : key),
    subcategory: (key: string) => (key in SUBCATEGORY_LABELS ? i18n._(SUBCATEGORY_LABELS[key as SubcategoryKey]) : key),
  };
}
