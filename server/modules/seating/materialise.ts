/** Materialising inventory belongs to the inventory module (the only writer of seats and counters). */
export { dropInventory, hasSalesOrHolds, materialiseInventory, sellablePlaces } from "../inventory/materialise";
