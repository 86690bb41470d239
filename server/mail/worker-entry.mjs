// The mail workers' entry (piscina loads it in each worker thread, see ./workers.ts): the
// worker is TypeScript, loaded through tsx whether or not the process itself runs under tsx.
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./worker.ts", import.meta.url);

export const send = worker.send;
export const render = worker.render;
export default worker.send;
