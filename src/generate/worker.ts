/** Worker thread of `foodbase generate`: writes ranges of products (see generate.ts). */
import { workerData } from "node:worker_threads";
import { serveTasks } from "../import/parallel.js";
import { type GeneratorSettings, rangeWriter } from "./generate.js";

serveTasks(rangeWriter(workerData as GeneratorSettings));
