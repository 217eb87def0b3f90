/**
 * Cases of OFF's `tests/integration/api_v3_product_read.t` whose expected answers foodbase gives whole
 * (issue 26 item 8): the bodies below are OFF's `expected_test_results/api_v3_product_read/*.json`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, startTestServer, type TestServer } from "../helpers/server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ users: [{ userId: "tests", password: "testtest" }] });
});
afterAll(async () => {
  await t.close();
});

describe("api_v3_product_read.t", () => {
  it("get-unexisting-product", async () => {
    const answer = await getJson(`${t.url}/api/v3/product/12345678`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      code: "12345678",
      errors: [
        {
          field: { id: "code", value: "12345678" },
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "product_not_found", lc_name: "", name: "" },
        },
      ],
      result: { id: "product_not_found", lc_name: "Product not found", name: "Product not found" },
      status: "failure",
      warnings: [],
    });
  });

  it("get-auth-bad-user-password", async () => {
    const answer = await getJson(
      `${t.url}/api/v3/product/4260392550101?fields=code,product_name&user_id=tests&password=bad_password`,
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      errors: [
        {
          impact: { id: "failure", lc_name: "Failure", name: "Failure" },
          message: { id: "invalid_user_id_and_password", lc_name: "", name: "" },
        },
      ],
      status: "failure",
      warnings: [],
    });
  });
});
