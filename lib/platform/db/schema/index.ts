export * from "./attendance";
export * from "./audit";
export * from "./auth";
export * from "./files";
export * from "./idempotency";
export * from "./mail";
export * from "./members";
export * from "./settings";
