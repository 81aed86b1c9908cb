// Runs inside the sandbox as the parent of the command, in the sandbox's own (empty) network namespace.
// It gives the command a network through the host's relay (a Unix socket bound in), then runs it:
//   --relay SOCKET --forward PORT,PORT,...  listen on 127.0.0.1:PORT and tunnel each connection to the
//                                           host's 127.0.0.1:PORT (CONNECT through the relay)
//   --relay SOCKET --proxy                  listen on a free 127.0.0.1 port, hand every connection to the
//                                           relay as is, and give the command HTTP(S)_PROXY pointing at it
// then `-- COMMAND ARGS...`. Its exit code (or signal) is the command's. Only node: modules are imported.
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

const argv = process.argv.slice(2);
const separator = argv.indexOf("--");
const options = argv.slice(0, separator);
const command = argv.slice(separator + 1);
const optionValue = (name) => {
  const index = options.indexOf(name);
  return index === -1 ? undefined : options[index + 1];
};
const relay = optionValue("--relay");
if (separator === -1 || command.length === 0 || !relay) {
  process.stderr.write(
    "mono-agent sandbox network helper: usage: --relay SOCKET (--forward PORTS | --proxy) -- COMMAND\n",
  );
  process.exit(2);
}

function tunnel(client, port) {
  const upstream = connect(relay);
  let head = Buffer.alloc(0);
  const onData = (chunk) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end === -1) return;
    upstream.off("data", onData);
    if (!/^HTTP\/1\.[01] 200/.test(head.toString("latin1"))) {
      client.destroy();
      upstream.destroy();
      return;
    }
    const rest = head.subarray(end + 4);
    if (rest.length > 0) client.write(rest);
    upstream.pipe(client);
    client.pipe(upstream);
  };
  upstream.on("data", onData);
  upstream.on("error", () => client.destroy());
  client.on("error", () => upstream.destroy());
  upstream.write(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
}

function pass(client) {
  const upstream = connect(relay);
  upstream.on("error", () => client.destroy());
  client.on("error", () => upstream.destroy());
  upstream.pipe(client);
  client.pipe(upstream);
}

function listen(handler, port) {
  return new Promise((resolve) => {
    const server = createServer(handler);
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve(server.address().port));
  });
}

const env = { ...process.env };
const forward = optionValue("--forward");
if (forward !== undefined) {
  for (const port of forward.split(",").filter(Boolean).map(Number))
    await listen((client) => tunnel(client, port), port);
} else if (options.includes("--proxy")) {
  const port = await listen(pass, 0);
  const url = `http://127.0.0.1:${port}`;
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"])
    env[name] = url;
  env.NO_PROXY = "";
  env.no_proxy = "";
}

const child = spawn(command[0], command.slice(1), { stdio: "inherit", env });
child.on("error", (error) => {
  process.stderr.write(`${command[0]}: ${error.message}\n`);
  process.exit(127);
});
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 1);
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
