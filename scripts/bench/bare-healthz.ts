// The ceiling for bench:startup: a bare Bun.serve answering /healthz, compiled
// with the same flags as nearbound. Nothing to load, no database, no routes.
const port = Number(process.argv[process.argv.indexOf("--port") + 1]);
Bun.serve({
  hostname: "127.0.0.1",
  port,
  fetch: (req) => (new URL(req.url).pathname === "/healthz" ? Response.json({ status: "ok" }) : new Response(null, { status: 404 })),
});
process.on("SIGTERM", () => process.exit(0));
