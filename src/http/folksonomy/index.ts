/** The folksonomy API under its own base URL (API.md §7). */
import type { FastifyInstance } from "fastify";

export async function folksonomyRoutes(_app: FastifyInstance): Promise<void> {}
