/** Worker thread of `foodbase import`: prepares blocks of lines (see importer.ts). */
import { workerData } from "node:worker_threads";
import { type LineBlock, prepareBlock } from "./blocks.js";
import { serveTasks } from "./parallel.js";
import { type PrepareWorkerData, prepareOptionsOf } from "./prepare.js";

const options = prepareOptionsOf(workerData as PrepareWorkerData);
serveTasks((block: LineBlock) => prepareBlock(block, options));
