/** The raw-statement helpers live with the inventory, their main user; kept here for the other domains' imports. */
export { pgArray, txRows } from "../inventory/sql";
