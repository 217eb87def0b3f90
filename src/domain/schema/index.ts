/** OFF's product schema versions and the 2026 nutrition model (SCHEMA.md): pure conversions. */

export { nutrimentsForComputation } from "./computation.js";
export { convertForApiVersion, convertProductSchema, type SchemaContext } from "./convert.js";
export { flattenImages, normalizeGeneration, splitImages } from "./images.js";
export { addComputedValues, aggregateNutrition, sortSetsByPriority } from "./nutrition-aggregate.js";
export { downgradeNutritionTo1002 } from "./nutrition-downgrade.js";
export * from "./nutrition-model.js";
export { isKnownNutrient, upgradeNutritionTo1003 } from "./nutrition-upgrade.js";
export { ConvertedProductView, type ImageUrlContext, isConvertedKey } from "./product-view.js";
export { nutritionReason, schemaReason } from "./validate.js";
export * from "./versions.js";
