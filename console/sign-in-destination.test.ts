import { describe, expect, it } from "vitest";
import { CONSOLE_HOME, signInDestination, signInPageFor } from "./sign-in-destination";

const APP_URL = "https://club.example";

describe("where a sign-in may continue to", () => {
  it.each([
    ["/", "/"],
    ["/members", "/members"],
    ["/members?search=ada&pageNumber=2#list", "/members?search=ada&pageNumber=2#list"],
    ["/members/%C3%A9", "/members/%C3%A9"],
    ["/members/../users", "/users"],
    ["https://club.example/users?x=1", "/users?x=1"],
  ])("keeps the local path %j as %j", (candidate, expected) => {
    expect(signInDestination(candidate, APP_URL)).toBe(expected);
  });

  // Each of these made a browser leave the site (or run script) once followed by `router.replace` or `Location`.
  it.each([
    ["encoded backslash, as the query string decodes it", "/\\evil.example/x"],
    ["backslash left encoded", "/%5Cevil.example/x"],
    ["double-encoded backslash", "/%255Cevil.example/x"],
    ["two backslashes", "\\\\evil.example"],
    ["backslash then slash", "\\/evil.example"],
    ["tab, as the query string decodes it", "/\t/evil.example/x"],
    ["tab left encoded", "/%09/evil.example/x"],
    ["line feed", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["protocol-relative", "//evil.example/x"],
    ["protocol-relative with three slashes", "///evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded second slash", "/%2Fevil.example"],
    ["absolute URL elsewhere", "https://evil.example/x"],
    ["absolute URL on another port", "https://club.example:8443/users"],
    ["absolute URL over another scheme", "http://club.example/users"],
    ["our origin as user info", "https://club.example@evil.example/"],
    ["our host as a prefix of theirs", "https://club.example.evil.example/"],
    ["javascript: URL", "javascript:alert(document.cookie)"],
    ["data: URL", "data:text/html,<script>alert(1)</script>"],
    ["leading space", " /members"],
    ["leading tab", "\t//evil.example"],
    ["no leading slash", "evil.example/x"],
    ["empty", ""],
  ])("refuses %s (%j)", (_name, candidate) => {
    expect(signInDestination(candidate, APP_URL)).toBe(CONSOLE_HOME);
  });

  it("refuses what is not one string (a repeated parameter, nothing)", () => {
    expect(signInDestination(["/members", "//evil.example"], APP_URL)).toBe(CONSOLE_HOME);
    expect(signInDestination(undefined, APP_URL)).toBe(CONSOLE_HOME);
  });

  it("always answers a path the browser resolves to APP_URL's origin", () => {
    for (const candidate of ["/\\evil.example", "/%09/evil.example", "//evil.example", "/a/b?c=//d#//e"]) {
      expect(new URL(signInDestination(candidate, APP_URL), APP_URL).origin).toBe(APP_URL);
    }
  });
});

describe("the login page for a visitor without a session", () => {
  it("carries the page asked for, which the sign-in then continues to", () => {
    const login = signInPageFor("/members/123?tab=documents");
    expect(login).toBe("/login?callbackUrl=%2Fmembers%2F123%3Ftab%3Ddocuments");
    const callbackUrl = new URL(login, APP_URL).searchParams.get("callbackUrl");
    expect(signInDestination(callbackUrl, APP_URL)).toBe("/members/123?tab=documents");
  });

  it("is the plain login page for the home, nothing, or a path that is not this site's", () => {
    for (const requested of [
      "/",
      "",
      null,
      undefined,
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
    ]) {
      expect(signInPageFor(requested)).toBe("/login");
    }
  });
});
