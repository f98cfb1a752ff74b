// Runs the local fakes as a standalone server for `npm start` (platform sandbox, OpenAI-compatible
// server, web pages). Stopped with the start script.
import { startFakes } from "./server.ts";

const port = Number(process.env.SANDBOX_PORT ?? 8790);
const fakes = await startFakes(port);
console.log(`platform sandbox on ${fakes.url}`);
const stop = () => void fakes.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
