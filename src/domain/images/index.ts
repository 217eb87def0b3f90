/** Product photos in the product document (IMAGES.md): pure logic, no I/O. */
export * from "./edit.js";
export * from "./model.js";
export * from "./urls.js";
export * from "./write.js";
