import { describe, expect, it } from "vitest";
import { csvField } from "./export";

describe("csvField", () => {
  it.each([
    [null, ""],
    ["", ""],
    ["Ana", "Ana"],
    ["O'Neil", "O'Neil"],
    ["Smith, Jr", '"Smith, Jr"'],
    ['Say "hi"', '"Say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    ["=1+1", "'=1+1"],
    ["+34 600", "'+34 600"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["a=b", "a=b"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});
