import { expect, test } from "@playwright/test";

// Issue 24 item 9: `curl http://localhost:3000/` got a JSON 404; any GET outside the API paths
// gets the app's page, a missing file stays a 404.
test("the served product answers curl's GET of / and of a deep link with the app's HTML", async ({ request }) => {
  for (const path of ["/", "/pricing", "/dashboard/reports/sales"]) {
    const res = await request.get(path, { headers: { accept: "*/*" } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain("text/html");
    expect(await res.text(), path).toContain('<div id="root"');
  }
  expect((await request.get("/assets/does-not-exist.js", { headers: { accept: "*/*" } })).status()).toBe(404);
  expect((await request.get("/trpc/nothing", { headers: { accept: "*/*" } })).status()).toBe(404);
});
