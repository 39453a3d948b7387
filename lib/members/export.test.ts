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
    ["+34 600 000 000", "+34 600 000 000"],
    ["+34 600", "'+34 600"],
    ["-(555) 123-4567", "-(555) 123-4567"],
    ["-5", "-5"],
    ["+59.90", "+59.90"],
    ["-2+3", "'-2+3"],
    ["+34 600 000 000=", "'+34 600 000 000="],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["a=b", "a=b"],
  ])("writes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ["Smith, Jr", "Smith, Jr"],
    ["Smith; Jr", '"Smith; Jr"'],
    ["59,90", "59,90"],
  ])("separated by semicolons, writes %j as %j", (value, expected) => {
    expect(csvField(value, ";")).toBe(expected);
  });
});
