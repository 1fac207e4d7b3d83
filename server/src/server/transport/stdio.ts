// The connection over stdio (`--stdio`, what every client starts, VS Code included), with its input
// read in a worker thread (stdin-reader.ts). What vscode-languageserver does for its own `--stdio`
// is kept: console output goes to the client, not into the protocol's stdout (main.ts ends the
// server when the client closes its input).
import { format } from 'util';
import { Connection, createConnection, ProposedFeatures, RemoteConsole, StreamMessageWriter } from 'vscode-languageserver/node';
import { messageBytes } from './raw-json';
import { StdinMessageReader } from './stdin-reader';

export function createStdioConnection(input: StdinMessageReader): Connection {
  // A large answer's text was written ahead in steps (raw-json.ts): spliced in, not serialized in one block.
  const writer = new StreamMessageWriter(process.stdout, {
    charset: 'utf-8', // messageBytes writes UTF-8
    contentTypeEncoder: { name: 'application/json', encode: (message) => Promise.resolve(messageBytes(message)) },
  });
  const connection = createConnection(ProposedFeatures.all, input, writer);
  sendConsoleToClient(connection.console);
  return connection;
}

/** Anything a library writes with `console` would corrupt the protocol on stdout: it goes to the client's log. */
function sendConsoleToClient(remote: RemoteConsole): void {
  const to = (send: (message: string) => void) => (...args: unknown[]) => send(format(...args));
  console.log = console.info = console.debug = console.trace = to((m) => remote.log(m));
  console.warn = to((m) => remote.warn(m));
  console.error = to((m) => remote.error(m));
}
