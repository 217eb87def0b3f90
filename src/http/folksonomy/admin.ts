/**
 * Moderation routes (API.md §7.7, optional), as the Folksonomy Engine's: moderators and admins only,
 * public tags only, every change recorded in the tag history.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestUser } from "./auth.js";
import { FolksonomyError, formatLastEdit, jsonBodyInput, sendJson, unauthorized, validationFailed } from "./common.js";
import { type AdminFieldKind, validateAdminBody } from "./validation.js";

const RENAME_FIELDS: ReadonlyArray<readonly [string, AdminFieldKind]> = [
  ["old_property", "property"],
  ["new_property", "property"],
];
const RENAME_DISTINCT = ["old_property", "new_property"] as const;

export function adminHandlers(app: FastifyInstance) {
  const { store } = app.foodbase;
  const tags = store.folksonomy;

  /** Validates the body first (422), then the user (401) and their role (403). */
  async function authorize(
    request: FastifyRequest,
    fields: ReadonlyArray<readonly [string, AdminFieldKind]>,
    distinct?: readonly [string, string],
  ) {
    const check = validateAdminBody(jsonBodyInput(request), fields, distinct);
    if (!check.ok) throw validationFailed(check.errors);
    const userId = await requestUser(app, request);
    const user = userId === undefined ? undefined : await store.getUser(userId);
    if (user === undefined) throw unauthorized("Authentication required");
    if (!user.admin && !user.moderator) throw new FolksonomyError(403, "Moderator or admin privileges required");
    return { fields: check.fields, edit: { editor: user.userId, lastEdit: formatLastEdit(Date.now()) } };
  }

  const field = (fields: Record<string, string>, name: string): string => fields[name] ?? "";

  return {
    async checkClash(request: FastifyRequest, reply: FastifyReply) {
      const { fields } = await authorize(request, RENAME_FIELDS, RENAME_DISTINCT);
      const oldK = field(fields, "old_property");
      const clash = await tags.propertyClash(oldK, field(fields, "new_property"));
      if (clash === undefined) throw new FolksonomyError(404, `Property '${oldK}' not found`);
      return sendJson(reply, 200, clash);
    },

    async renameProperty(request: FastifyRequest, reply: FastifyReply) {
      const { fields, edit } = await authorize(request, RENAME_FIELDS, RENAME_DISTINCT);
      const oldK = field(fields, "old_property");
      const newK = field(fields, "new_property");
      const done = await tags.renameProperty(oldK, newK, edit);
      if (done === undefined) throw new FolksonomyError(404, `Property '${oldK}' not found`);
      return sendJson(reply, 200, {
        status: "success",
        renamed_products: done.renamed,
        conflicting_products_resolved: done.resolved,
        message: `Renamed property '${oldK}' to '${newK}'`,
      });
    },

    async deleteProperty(request: FastifyRequest, reply: FastifyReply) {
      const { fields, edit } = await authorize(request, [["property", "property"]]);
      const k = field(fields, "property");
      const deleted = await tags.deleteProperty(k, edit);
      if (deleted === 0) throw new FolksonomyError(404, `Property '${k}' not found`);
      return sendJson(reply, 200, {
        status: "success",
        deleted_entries: deleted,
        message: `Deleted property '${k}' from ${deleted} products`,
      });
    },

    async replaceValue(request: FastifyRequest, reply: FastifyReply) {
      const { fields, edit } = await authorize(request, [
        ["property", "property"],
        ["old_value", "value"],
        ["new_value", "value"],
      ]);
      const k = field(fields, "property");
      const oldV = field(fields, "old_value");
      const newV = field(fields, "new_value");
      const changed = await tags.replaceValue(k, oldV, newV, edit);
      if (changed === 0) throw new FolksonomyError(404, `Value '${oldV}' not found for property '${k}'`);
      return sendJson(reply, 200, {
        status: "success",
        renamed_products: changed,
        message: `Renamed value '${oldV}' to '${newV}' for property '${k}' (${changed} changes)`,
      });
    },

    async deleteValue(request: FastifyRequest, reply: FastifyReply) {
      const { fields, edit } = await authorize(request, [
        ["property", "property"],
        ["value", "value"],
      ]);
      const k = field(fields, "property");
      const v = field(fields, "value");
      const deleted = await tags.deleteValue(k, v, edit);
      if (deleted === 0) throw new FolksonomyError(404, `Value '${v}' not found for property '${k}'`);
      return sendJson(reply, 200, {
        status: "success",
        deleted_entries: deleted,
        message: `Deleted value '${v}' for property '${k}' from ${deleted} products`,
      });
    },
  };
}
