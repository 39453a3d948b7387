import { describe, expect, it } from "vitest";
import { routeTemplate } from "./request-metrics";

describe("routeTemplate", () => {
  it("keeps a path without params as it is", () => {
    expect(routeTemplate("/api/users/me/clock-in", {})).toBe("/api/users/me/clock-in");
  });

  it("replaces each param's segment by its name, in path order", () => {
    expect(routeTemplate("/api/employees/e-1/attendance/2026-11-18", { id: "e-1", date: "2026-11-18" })).toBe(
      "/api/employees/{id}/attendance/{date}",
    );
    // A value equal to a later literal segment takes the first one after the previous param.
    expect(routeTemplate("/api/jobs/run/run", { name: "run" })).toBe("/api/jobs/{name}/run");
  });

  it("compares decoded segments and folds a catch-all into one placeholder", () => {
    expect(routeTemplate("/api/files/a%20b", { id: "a b" })).toBe("/api/files/{id}");
    expect(routeTemplate("/api/no/such/path", { path: ["no", "such", "path"] })).toBe("/api/{...path}");
  });
});
