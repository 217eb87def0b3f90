/** Credential checks shared by the product API's routes. */
import type { FastifyInstance } from "fastify";
import type { Params } from "./params.js";

/**
 * Reads and searches need no account, but both `user_id` and `password` sent and wrong (or an e-mail
 * as user id) is refused (API.md §3.2). Returns true when the request must be refused.
 */
export async function checkReadCredentials(app: FastifyInstance, params: Params): Promise<boolean> {
  const userId = (params.user_id ?? "").trim();
  const password = params.password ?? "";
  if (userId === "" || password === "") return false;
  if (userId.includes("@")) return true;
  const check = await app.foodbase.credentials.verify(userId, password);
  return !check.ok;
}
