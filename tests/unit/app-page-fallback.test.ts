import { describe, expect, it } from "vitest";
import { wantsAppPage } from "../../server/app";

describe("which requests without a route get the app's page (issue 24 item 9)", () => {
  it.each([
    ["GET", "/", "*/*", true],
    ["GET", "/", undefined, true],
    ["GET", "/event/abc?x=1", "text/html,application/xhtml+xml", true],
    ["HEAD", "/pricing", "*/*", true],
    ["GET", "/dashboard/reports/sales", "text/html", true],
    ["GET", "/", "application/json", false],
    ["POST", "/", "*/*", false],
    ["GET", "/trpc/nothing", "*/*", false],
    ["GET", "/api/x", "text/html", false],
    ["GET", "/uploads/missing.png", "*/*", false],
    ["GET", "/assets/index-missing.js", "*/*", false],
    ["GET", "/favicon.ico", "text/html", false],
  ] as const)("%s %s (accept %s): %s", (method, url, accept, want) => {
    expect(wantsAppPage(method, url, accept)).toBe(want);
  });
});
