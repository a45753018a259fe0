// The ceiling of bench:inbound, in its own process like the serve process it
// is compared with: smtp-server accepting everything, each message parsed by
// mailparser's simpleParser, nothing stored. Prints "ready" once listening and
// the number of messages parsed when its standard input closes.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
let parsed = 0;
const server = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  size: 25 * 1024 * 1024,
  onData(stream, _session, cb) {
    simpleParser(stream).then(
      () => {
        parsed++;
        cb();
      },
      (err) => cb(err),
    );
  },
});
server.listen(port, "127.0.0.1", () => console.log("ready"));
for await (const _ of Bun.stdin.stream()) {
  // runs until the bench closes our input
}
console.log(String(parsed));
server.close(() => process.exit(0));
