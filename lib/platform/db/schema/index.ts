export * from "./attendance";
export * from "./audit";
export * from "./auth";
export * from "./files";
export * from "./mail";
export * from "./members";
export * from "./settings";
