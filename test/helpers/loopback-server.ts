// An HTTP server on 127.0.0.1 at a free port, for tests of what is fetched (remote `$ref`s): it
// records each request line and its headers, and its close() ends open connections too.
import * as http from 'http';
import * as net from 'net';

export interface TestServer {
  origin: string;
  host: string;
  /** Request lines seen (`GET /x`), and the headers of each. */
  requests: string[];
  headers: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts a server answering with `handler`; the caller closes it. */
export async function startTestServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  const requests: string[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    headers.push(req.headers);
    handler(req, res);
  });
  server.on('connection', (socket) => (sockets.add(socket), socket.on('close', () => sockets.delete(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const close = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => resolve());
  });
  return { origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, requests, headers, close };
}
