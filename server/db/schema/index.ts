export * from "./accounts";
export * from "./mail";
export * from "./contact";
export * from "./events";
export * from "./seating";
export * from "./shop";
export * from "./orders";
export * from "./boxoffice";
